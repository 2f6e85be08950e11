import { Table, type TableProps } from 'antd';
import './list-table.css';

/**
 * A console list as a table that never scrolls sideways: the columns share the container's width
 * (fixed layout: a column's width is what its definition says, the one without a width takes the
 * rest), and a value too long for its column wraps or is cut inside it.
 */
export function ListTable<T extends object>({ className, ...props }: TableProps<T>) {
  return (
    <Table<T>
      size="middle"
      tableLayout="fixed"
      pagination={false}
      className={['tb-list-table', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
