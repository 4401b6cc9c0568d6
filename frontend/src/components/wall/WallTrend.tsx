import { TrendIndicator, type TrendIndicatorProps } from '../ui/TrendIndicator';
import { WALL_TEXT } from './wall-styles';

/** A card's weekly change in wall type: the cards' own rules (ui/TrendIndicator), at the wall's scale. */
export function WallTrend(props: Omit<TrendIndicatorProps, 'textClassName'>) {
  return <TrendIndicator {...props} textClassName={WALL_TEXT.small} />;
}
