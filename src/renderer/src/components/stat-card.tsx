import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  /** A line under the value: plain text, or something richer such as a trend. */
  description?: ReactNode;
  icon?: ReactNode;
  /** A class beside the card's own, for a screen's layout of its stats. */
  className?: string;
}

/** A dashboard stat (docs/product.md §2): a title, a value, and an optional description and icon. */
export function StatCard({ title, value, description, icon, className }: StatCardProps) {
  return (
    <Card className={className ? `tb-stat-card ${className}` : 'tb-stat-card'}>
      <div className="tb-stat-card-head">
        <h2 className="tb-stat-card-title">{title}</h2>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <div className="tb-stat-card-value">{value}</div>
      {description && <div className="tb-muted tb-stat-card-description">{description}</div>}
    </Card>
  );
}
