// Composition root of the desktop app (filled in by the shell issue).
import { app } from 'electron';

app.on('window-all-closed', () => app.quit());
