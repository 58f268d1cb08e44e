/** `server.listen(...)` as a promise: resolves once listening, rejects with the bind error (EADDRINUSE…). */
import type { Server } from 'node:net';

export function listen(server: Server, ...args: [port: number, host: string] | [port: number, host: string, backlog: number] | [path: string]): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    if (args.length === 3) server.listen(args[0], args[1], args[2]);
    else if (args.length === 2) server.listen(args[0], args[1]);
    else server.listen(args[0]);
  });
}
