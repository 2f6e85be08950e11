import { describe, expect, test } from 'vitest';
import { DEFAULT_PLANS, type PlanTable } from '../../../../shared/plans';
import { buildFaq } from './faq';
import { filterFaq } from './filter-faq';

const answer = (plans: PlanTable, start: string) =>
  buildFaq(plans).find((item) => item.question.startsWith(start))?.answer ?? '';

describe('buildFaq', () => {
  test('states the limits and prices of the plan table', () => {
    expect(answer(DEFAULT_PLANS, 'How many widgets')).toContain('Free 1, Pro 5 and Premium unlimited');
    expect(answer(DEFAULT_PLANS, 'How much feedback')).toContain(
      'Free 50 for the whole account, Pro 500 per widget and Premium unlimited',
    );
    expect(answer(DEFAULT_PLANS, 'How many news posts')).toContain(
      'Free 1 per calendar month, Pro 10 in total and Premium unlimited',
    );
    expect(answer(DEFAULT_PLANS, 'On how many sites')).toContain(
      'Free 1 per widget, Pro 3 per widget and Premium unlimited',
    );
    expect(answer(DEFAULT_PLANS, 'What do the plans cost')).toContain(
      'Free is free, Pro costs $7.99 per month and Premium costs $13.99 per month',
    );
  });

  test('follows a changed table (a self-hosting admin may override it)', () => {
    const plans: PlanTable = {
      ...DEFAULT_PLANS,
      pro: { ...DEFAULT_PLANS.pro, limits: { ...DEFAULT_PLANS.pro.limits, maxWidgets: 8 } },
    };
    expect(answer(plans, 'How many widgets')).toContain('Pro 8');
  });
});

test("writes the prices in the reader's locale", () => {
  expect(
    buildFaq(DEFAULT_PLANS, 'de-DE').find((item) => item.question.startsWith('What do the plans cost'))?.answer,
  ).toContain('Pro costs 7,99\u00a0$ per month');
});

describe('filterFaq', () => {
  const faq = buildFaq(DEFAULT_PLANS);

  test('an empty query keeps every item', () => {
    expect(filterFaq(faq, '  ')).toHaveLength(faq.length);
  });

  test('matches questions and answers, ignoring case, every word required', () => {
    expect(filterFaq(faq, 'PASSWORD').map((i) => i.question)).toEqual([
      'How do I change my password or delete my account?',
    ]);
    expect(filterFaq(faq, '20kb').map((i) => i.question)).toEqual(['Will the widget slow down my site?']);
    expect(filterFaq(faq, 'password 20kb')).toEqual([]);
  });
});
