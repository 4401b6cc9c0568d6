/** A chart's figures as a table: what a screen reader reads instead of the drawing. */
export interface ChartTable {
  caption: string;
  columns: readonly string[];
  /** One row per mark; the first cell names it (a row header). */
  rows: readonly (readonly string[])[];
}

/**
 * Visually hidden, in the accessibility tree: the drawing is summarised, the
 * table has every figure. The hiding box is a div, because a table grows to
 * fit its cells whatever width it is given.
 */
export function ChartDataTable({ caption, columns, rows }: ChartTable) {
  return (
    <div className="sr-only" data-chart-table="">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={`${r}-${row[0] ?? ''}`}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
