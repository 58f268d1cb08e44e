/**
 * A venue Wi-Fi that drops, on loopback: a TCP proxy between the devices and the host's LAN side
 * that can stop forwarding both ways while every socket stays open — no FIN, no RST, the way a
 * dropped Wi-Fi leaves a connection half-open — and start again. Connections opened during the cut
 * reach nothing either. Devices open the proxy's address (`127.0.0.3` on the host's own port); the
 * proxy names the host in the Host and Origin headers (and the host's own address in what comes
 * back, as its Content-Security-Policy names it), the two addresses being the same length so no
 * byte count changes.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface BlackHoleProxy {
  /** `http://127.0.0.3:PORT/`: what devices open. */
  url: string;
  address: string;
  port: number;
  /** Stop forwarding, both ways, keeping every socket open. */
  cut(): void;
  /** Forward again (what waited in the sockets goes then, as TCP delivers it late). */
  restore(): void;
  /** Connections opened through it so far. */
  connections(): number;
  close(): Promise<void>;
}

function swap(data: Buffer, from: Buffer, to: Buffer): Buffer {
  let at = data.indexOf(from);
  if (at < 0) return data;
  const copy = Buffer.from(data);
  while (at >= 0) {
    to.copy(copy, at);
    at = copy.indexOf(from, at + to.length);
  }
  return copy;
}

export async function startBlackHoleProxy(target: { address: string; port: number }, address = '127.0.0.3'): Promise<BlackHoleProxy> {
  if (address.length !== target.address.length) throw new Error('the proxy address must be as long as the host address');
  const outside = Buffer.from(`${address}:${target.port}`);
  const inside = Buffer.from(`${target.address}:${target.port}`);
  let cut = false;
  let opened = 0;
  const pairs = new Set<{ client: Socket; host: Socket }>();
  const hold = (socket: Socket): void => {
    socket.pause();
  };
  /** Closes that happened during the cut: the other side hears of them only once it is over. */
  let heldCloses: (() => void)[] = [];
  /** Connections made during the cut: they reach the host only once it is over. */
  let heldOpens: (() => void)[] = [];
  const server: Server = createServer((client) => {
    opened++;
    client.pause();
    const join = (): void => {
      const host = connect({ host: target.address, port: target.port });
      const pair = { client, host };
      pairs.add(pair);
      let ended = false;
      const end = (): void => {
        if (ended) return;
        if (cut) return void heldCloses.push(end);
        ended = true;
        pairs.delete(pair);
        client.destroy();
        host.destroy();
      };
      client.on('data', (data) => host.write(swap(data, outside, inside)));
      host.on('data', (data) => client.write(swap(data, inside, outside)));
      for (const socket of [client, host]) {
        socket.on('close', end);
        socket.on('error', end);
      }
      client.resume();
    };
    if (cut) heldOpens.push(join);
    else join();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(target.port, address, () => resolve());
  });
  return {
    url: `http://${address}:${target.port}/`,
    address,
    port: target.port,
    cut() {
      cut = true;
      for (const { client, host } of pairs) {
        hold(client);
        hold(host);
      }
    },
    restore() {
      cut = false;
      for (const { client, host } of pairs) {
        client.resume();
        host.resume();
      }
      const opens = heldOpens;
      const closes = heldCloses;
      heldOpens = [];
      heldCloses = [];
      for (const close of closes) close();
      for (const open of opens) open();
    },
    connections: () => opened,
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, host } of pairs) {
          client.destroy();
          host.destroy();
        }
        server.close(() => resolve());
      }),
  };
}
