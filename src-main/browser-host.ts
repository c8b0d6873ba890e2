// The browser host (filled in by the shell issue).
console.log('browser host: not built yet');
