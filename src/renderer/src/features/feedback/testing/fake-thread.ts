/**
 * The owner API of one entry's thread over `fetch`, as the thread tests need it: the details with
 * their replies and notes, replying and adding a note, each refusable once. Any other request goes
 * to `rest` (the fake inbox, for tests of the whole page). Only tests import it.
 */
import { vi } from 'vitest';
import type { FeedbackItem, FeedbackNote, FeedbackReply } from '../../../../../shared/api';

export interface FakeThread {
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  /** The requests this fake answered, in order, as `METHOD /path`. */
  asked: string[];
  replies: Map<string, FeedbackReply[]>;
  notes: Map<string, FeedbackNote[]>;
  /** The next reply (or note) is refused with `status` and `message` (`null`: a body without one). */
  refuseNext: (kind: 'replies' | 'notes', status: number, message: string | null) => void;
  /** The next details load fails with a 500. */
  failNextLoad: () => void;
}

const json = (answer: unknown, status = 200) => new Response(JSON.stringify(answer), { status });
const THREAD_PATH = /^\/api\/feedback\/([^/]+)(?:\/(replies|notes))?$/;
const FIXED_PATHS = new Set(['summary', 'status-counts', 'export', 'bulk']);

export function fakeThread(items: FeedbackItem[], rest?: typeof fetch): FakeThread {
  const replies = new Map<string, FeedbackReply[]>();
  const notes = new Map<string, FeedbackNote[]>();
  const refusals = new Map<string, { status: number; message: string | null }>();
  const asked: string[] = [];
  let written = 0;
  /** A later time for every new entry, so the thread's order is the order they were written in. */
  const nextTime = () => new Date(Date.UTC(2026, 10, 22, 9, written++)).toISOString();

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = init?.method ?? 'GET';
    const match = THREAD_PATH.exec(url.pathname);
    const id = match?.[1] ?? '';
    const kind = match?.[2] as 'replies' | 'notes' | undefined;
    if (!match || FIXED_PATHS.has(id) || (method === 'GET') === Boolean(kind)) {
      if (rest) return rest(input, init);
      return json({ message: 'Not found' }, 404);
    }
    asked.push(`${method} ${url.pathname}`);
    const refusal = refusals.get(kind ?? 'load');
    if (refusal) {
      refusals.delete(kind ?? 'load');
      return json(refusal.message === null ? {} : { message: refusal.message }, refusal.status);
    }
    const feedback = items.find((item) => item._id === id);
    if (!feedback) return json({ message: 'Feedback not found' }, 404);
    if (!kind) return json({ feedback, replies: replies.get(id) ?? [], notes: notes.get(id) ?? [] });
    const body = JSON.parse(String(init?.body)) as { message?: string; text?: string };
    if (kind === 'replies') {
      const reply = { _id: `r${written}`, message: body.message ?? '', createdAt: nextTime() };
      replies.set(id, [...(replies.get(id) ?? []), reply]);
      return json({ reply }, 201);
    }
    const note = { _id: `n${written}`, text: body.text ?? '', createdAt: nextTime() };
    notes.set(id, [...(notes.get(id) ?? []), note]);
    return json({ note }, 201);
  });

  return {
    fetch: fetchMock,
    asked,
    replies,
    notes,
    refuseNext: (kind, status, message) => refusals.set(kind, { status, message }),
    failNextLoad: () => refusals.set('load', { status: 500, message: 'Internal Server Error' }),
  };
}
