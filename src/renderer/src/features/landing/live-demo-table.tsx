import type { ReactNode } from 'react';
import './live-demo-table.css';

export interface DemoColumn<Row> {
  title: string;
  cell: (row: Row) => ReactNode;
  /** A column that takes the room left over (the message, the name). */
  grow?: boolean;
  /** Its text may wrap (a long address); other short cells stay on one line. */
  wrap?: boolean;
}

/**
 * The console's lists as a plain table: rows of cells under a grey head on a wide screen, one
 * card per row on a phone (live-demo-owner.css), each cell then labelled with its column.
 */
export function DemoTable<Row extends { id: string }>({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: DemoColumn<Row>[];
  rows: Row[];
}) {
  return (
    <div className="tb-ld-table-wrap">
      <table className="tb-ld-table">
        <caption className="tb-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.title} scope="col" className={column.grow ? 'tb-ld-grow' : undefined}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <td
                  key={column.title}
                  data-label={column.title}
                  className={column.grow ? 'tb-ld-grow' : column.wrap ? 'tb-ld-wrap' : undefined}
                >
                  {/* One box for the content: on a phone the cell is a row of its label and this. */}
                  <div>{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
