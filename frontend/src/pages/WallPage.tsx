import { WallScreen } from '../components/wall/WallScreen';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /wall: the dashboard for a screen on the wall, outside the site layout (no
 * header, footer or navigation). The live socket is held by App for every
 * route, so arriving from the Overview keeps the same connection.
 */
export default function WallPage() {
  useDocumentTitle('Wall');
  return <WallScreen />;
}
