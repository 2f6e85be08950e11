/**
 * PostgreSQL's connection pool, read when Prometheus scrapes. SQLite has no pool (one connection in
 * the process), so these gauges exist only on PostgreSQL.
 */
import { Gauge, type Registry } from 'prom-client';

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export function registerPoolGauges(registry: Registry, poolStats: () => PoolStats) {
  const gauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(poolStats()));
      },
    });
  gauge('tellbox_db_pool_connections', 'Connections the PostgreSQL pool holds open, idle or in use.', (s) => s.total);
  gauge('tellbox_db_pool_idle_connections', 'Connections of the PostgreSQL pool not in use.', (s) => s.idle);
  gauge(
    'tellbox_db_pool_waiting_requests',
    'Queries waiting for a connection because every one of the pool is in use.',
    (s) => s.waiting,
  );
}
