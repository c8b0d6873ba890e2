// The outpost CLI (filled in by the core issue).
console.log('outpost cli: not built yet');
