/**
 * The player page's QR code on the projector, while players can reach it: the venue
 * network is on (the head-judge station's projector asks the host), or this projector is itself a
 * display device that joined over the venue network (the page is served from there). Under the
 * pairings board when there is one (`board`: a row of its own, so it never covers a pairing as the
 * board scrolls); otherwise in the bottom corner.
 */
import { useEffect } from 'react';
import { QrCode } from '../../components/QrCode.js';
import { useStation } from '../../store/station.js';
import { playerPageUrl } from './PlayersPhones.js';

/** A page served over the venue network (not the local door, not the desktop app's own scheme). */
function lanOrigin(): string | null {
  const { protocol, hostname, origin } = window.location;
  if (protocol !== 'http:' && protocol !== 'https:') return null;
  if (hostname === 'localhost' || hostname.startsWith('127.') || hostname === '[::1]') return null;
  return `${origin}/`;
}

export function PlayerPageCorner({ placement = 'corner' }: { placement?: 'board' | 'corner' }) {
  const network = useStation((s) => s.network);
  const connection = useStation((s) => s.connection);
  // The station's own projector learns the network's state once (pushes keep it current);
  // a joined display is refused the question, and needs no answer: it knows its own address.
  useEffect(() => {
    if (!connection || network || lanOrigin()) return;
    connection.api.networkStatus().then(
      (status) => useStation.setState({ network: status }),
      () => undefined,
    );
  }, [connection, network]);
  const url = playerPageUrl(network?.on ? network.urls[0] : lanOrigin());
  if (!url) return null;
  return (
    <aside className={placement === 'board' ? 'pj-player-page pj-player-page-board' : 'pj-player-page'} data-testid="projector-player-page" aria-label={`Find your table on your phone: ${url}`}>
      <QrCode text={url} label={`QR code of the player page ${url}`} size={150} />
      <span>
        Find your table
        <br />
        <strong>{url.replace(/^https?:\/\//, '')}</strong>
      </span>
    </aside>
  );
}
