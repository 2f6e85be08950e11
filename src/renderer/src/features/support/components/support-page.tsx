import { Input } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useLocale } from '../../../lib/use-locale';
import { usePlans } from '../../../lib/use-plans';
import { buildFaq } from '../faq';
import { filterFaq } from '../filter-faq';
import { EmailSupportCard } from './email-support-card';
import { FaqList } from './faq-list';

/** `/support`: the Support Center, a searchable FAQ and the e-mail support box (docs/product.md §2). */
export function SupportPage() {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const plans = usePlans();
  const locale = useLocale();
  const faq = useMemo(() => buildFaq(plans, locale), [plans, locale]);
  const items = useMemo(() => filterFaq(faq, query), [faq, query]);

  return (
    <>
      <div className="tb-page-header">
        <h1>Support Center</h1>
      </div>
      <div className="tb-support">
        <section aria-labelledby="faq-title">
          <h2 id="faq-title" className="tb-settings-heading">
            Frequently asked questions
          </h2>
          <div className="tb-field">
            <label htmlFor={searchId}>Search FAQs</label>
            <Input
              id={searchId}
              type="search"
              allowClear
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder="Search questions and answers"
            />
          </div>
          <FaqList items={items} />
        </section>
        <EmailSupportCard />
      </div>
    </>
  );
}
