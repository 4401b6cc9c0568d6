import type { CorsExposure, ServerCard } from '@mcp-census/schemas/scan-result';
import { VisibleText } from '../security/VisibleText';

const SOURCE: Record<ServerCard['source'], string> = { catalog: 'via its catalog', card: 'beside its endpoint', 'well-known': 'at a well-known address' };

/** "Publishes a server card" with its URL (and the name/version it states), all scanned text shown as visible text. */
export function ServerCardLine({ card }: { card: ServerCard }) {
  return (
    <p className="break-all" data-testid="server-card">
      <span className="font-medium">Publishes a server card</span> {SOURCE[card.source]}: <VisibleText text={card.url} className="font-mono" />
      {card.name && (
        <>
          {' '}
          (<VisibleText text={card.name} />
          {card.version && (
            <>
              {' '}
              <VisibleText text={card.version} />
            </>
          )}
          )
        </>
      )}
    </p>
  );
}

/** Whether any web page can call the endpoint from a visitor's browser, by its answer to a foreign-origin CORS preflight. */
export function BrowserExposureLine({ cors }: { cors: CorsExposure }) {
  if (!cors.allowsAnyOrigin) {
    return (
      <p data-testid="browser-exposure">
        <span className="font-medium">Browser exposure: </span>refuses foreign origins
      </p>
    );
  }
  return (
    <p className="break-all text-caution" data-testid="browser-exposure">
      <span className="font-medium">Browser exposure: </span>any web page can call this endpoint (Access-Control-Allow-Origin:{' '}
      <VisibleText text={cors.allowOrigin ?? '*'} className="font-mono" />
      {cors.allowsCredentials ? ', with the visitor’s credentials' : ''})
    </p>
  );
}

/** The server card and browser-exposure lines of a latest scan; nothing when the scan recorded neither. */
export function SiteSignals({ scan }: { scan: { serverCard?: ServerCard | null | undefined; corsExposure?: CorsExposure | null | undefined } }) {
  if (!scan.serverCard && !scan.corsExposure) return null;
  return (
    <div className="space-y-1 text-sm" data-testid="site-signals">
      {scan.serverCard && <ServerCardLine card={scan.serverCard} />}
      {scan.corsExposure && <BrowserExposureLine cors={scan.corsExposure} />}
    </div>
  );
}
