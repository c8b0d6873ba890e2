// The counters live beside the bridge contract: the core's over-limit guard counts the same way.
export * from '@preload/counter';
