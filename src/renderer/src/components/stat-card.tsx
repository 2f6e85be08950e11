import { Card } from 'antd';
import type { ReactNode } from 'react';

export interface StatCardProps {
  title: string;
  value: ReactNode;
  description?: string;
  icon?: ReactNode;
}

/** A dashboard stat (spec §2): a title, a value, and an optional description and icon. */
export function StatCard({ title, value, description, icon }: StatCardProps) {
  return (
    <Card className="tb-stat-card">
      <div className="tb-stat-card-head">
        <h2 className="tb-stat-card-title">{title}</h2>
        {icon && <span aria-hidden="true">{icon}</span>}
      </div>
      <div className="tb-stat-card-value">{value}</div>
      {description && <p className="tb-muted">{description}</p>}
    </Card>
  );
}
