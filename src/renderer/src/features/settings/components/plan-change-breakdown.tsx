import type { PlanChangeLine, PlanChangePreview } from '../../../../../shared/api';
import { formatMoney } from '../../../../../shared/money';
import type { PlanTable } from '../../../../../shared/plans';

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/**
 * A line in our words: the plan table's names and the period, rather than the payment provider's
 * product names; its own wording only for a line that pays for none of our plans.
 */
function lineText(line: PlanChangeLine, plans: PlanTable): string {
  if (!line.plan) return line.description;
  const name = plans[line.plan].name;
  const period = `${shortDate(line.periodStart)} – ${shortDate(line.periodEnd)}`;
  if (!line.proration) return `${name}, ${period}`;
  return line.amount < 0 ? `Unused time on ${name}, ${period}` : `Remaining time on ${name}, ${period}`;
}

/** The invoice the change leads to, line by line, prorations first, and its total. */
export function PlanChangeBreakdown({
  preview,
  plans,
  locale,
  totalLabel,
}: {
  preview: PlanChangePreview;
  plans: PlanTable;
  locale: string;
  totalLabel: string;
}) {
  const money = (amount: number) => formatMoney(amount, preview.currency, locale);
  return (
    <table className="tb-plan-change-lines">
      <caption>Your next invoice</caption>
      <tbody>
        {preview.lines.map((line, index) => (
          <tr key={index} className={line.proration ? 'tb-plan-change-proration' : undefined}>
            <th scope="row">{lineText(line, plans)}</th>
            <td>{money(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{totalLabel}</th>
          <td>{money(preview.amountDue)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
