import { theme } from 'antd';
import { OTHER_SERIES_KEY, type ChartSeries } from '../utils/chart-data';

/**
 * A colour per chart series, from antd's theme (so the dark scheme gets antd's dark palette):
 * the brand colour first, then hues far apart, each at least 3:1 against a card in both schemes
 * (WCAG's contrast for graphics); "Other widgets" in the secondary text colour, a neutral grey.
 */
export function useSeriesColors(series: ChartSeries[]): Record<string, string> {
  const { token } = theme.useToken();
  const palette = [token.colorPrimary, token.orange7, token.blue7, token.magenta7, token.purple7];
  let next = 0;
  return Object.fromEntries(
    series.map((s) => [
      s.key,
      s.key === OTHER_SERIES_KEY ? token.colorTextSecondary : (palette[next++ % palette.length] as string),
    ]),
  );
}
