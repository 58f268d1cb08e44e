// The print worker's entry when Podium runs from its TypeScript sources (npm start, npm test,
// npm run cli): register tsx in this thread, then load worker.ts. A compiled build starts
// worker.js directly and never loads this file (print-service.ts decides).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
