/** A widget's public changelog: its page, one page per post, and its Atom feed. */
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject } from 'zod-openapi';
import { z } from '../../../src/shared/schemas/zod';
import { media, publicOperation } from '../operations';

const text = (description: string) => z.string().meta({ description });
const html = text('An HTML page, without any script.');
const notModified = { description: 'Not modified: `If-None-Match` held the current ETag.' };
const notFound = media(
  'The 404 page: no such widget, or it is inactive, news is off or its changelog is off (the page does not say which).',
  'text/html',
  html,
);

const siteKey = z.string().meta({ description: "The widget's site key." });
const languageQuery = z.object({
  lang: z.string().optional().meta({
    description:
      'The language (`en`, `it`, `de`, `fr`, `es`; a tag such as `it-IT` counts as `it`). Without it, or with another, `Accept-Language` decides, else English.',
  }),
});

const CACHING =
  'Public, cached 60 seconds (`Cache-Control: public, max-age=60`), with an ETag (304 on `If-None-Match`); varies by `Accept-Language`. Rate limited per address.';

function changelogOperation(operation: {
  operationId: string;
  summary: string;
  description: string;
  path: z.ZodObject;
  ok: ReturnType<typeof media>;
}): ZodOpenApiOperationObject {
  return publicOperation({
    operationId: operation.operationId,
    summary: operation.summary,
    description: `${operation.description} ${CACHING}`,
    tags: ['News'],
    requestParams: { path: operation.path, query: languageQuery },
    responses: { 200: operation.ok, 304: notModified, 404: notFound },
  });
}

export const changelogPaths: ZodOpenApiPathsObject = {
  '/changelog/{siteKey}': {
    get: changelogOperation({
      operationId: 'showChangelog',
      summary: "A widget's public changelog",
      description:
        "Its published posts, newest first (the newest 100), in the owner's colour, with a link to the feed and to each post's permalink. Served while the widget is active with news and its changelog on.",
      path: z.object({ siteKey }),
      ok: media('The changelog page.', 'text/html', html),
    }),
  },
  '/changelog/{siteKey}/feed.xml': {
    get: changelogOperation({
      operationId: 'getChangelogFeed',
      summary: "The changelog's Atom feed",
      description:
        'Atom 1.0: the same posts as the page, each with its id (`urn:uuid:` of the post), title, dates, permalink, text and, when it has one, its http(s) link as `rel="related"`.',
      path: z.object({ siteKey }),
      ok: media('The feed.', 'application/atom+xml', text('An Atom 1.0 feed.')),
    }),
  },
  '/changelog/{siteKey}/{postId}': {
    get: changelogOperation({
      operationId: 'showChangelogPost',
      summary: 'One post of the changelog (its permalink)',
      description: "A published post of this widget; a draft or another widget's post is the 404 page.",
      path: z.object({ siteKey, postId: z.string().meta({ description: "The post's id." }) }),
      ok: media('The post page.', 'text/html', html),
    }),
  },
};
