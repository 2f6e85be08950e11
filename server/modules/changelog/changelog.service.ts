/**
 * The public changelog of a widget (docs/product.md, "Public changelog"): its published posts as
 * a page, one page per post, and an Atom feed. Served only while the widget is active with news
 * and its changelog on; anything else is the one 404, whether the widget exists or not.
 */
import { renderChangelogFeed } from './changelog-feed';
import type { RenderedPage } from './changelog-document';
import { renderChangelogPage, renderNotFoundPage, renderPostPage, type ChangelogView } from './changelog-page';
import type { ChangelogRepo } from './changelog.repo';
import { changelogUrls, homeOf, type LanguageChoice } from './changelog-urls';

/** The page and the feed list at most this many posts, the newest. */
export const MAX_CHANGELOG_POSTS = 100;

/** Site keys and post ids are short URL-safe strings; anything else is 404 without a query. */
const PLAUSIBLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface ChangelogDeps {
  repo: ChangelogRepo;
  publicUrl: string;
}

export function createChangelogService({ repo, publicUrl }: ChangelogDeps) {
  async function viewOf(siteKey: string, choice: LanguageChoice): Promise<ChangelogView | undefined> {
    if (!PLAUSIBLE_ID.test(siteKey)) return undefined;
    const widget = await repo.findPublic(siteKey);
    return widget && { widget, choice, urls: changelogUrls(publicUrl, widget.siteKey, choice) };
  }

  return {
    /** The list of posts, or undefined for the 404. */
    async page(siteKey: string, choice: LanguageChoice): Promise<RenderedPage | undefined> {
      const view = await viewOf(siteKey, choice);
      return view && renderChangelogPage(view, await repo.published(view.widget.id, MAX_CHANGELOG_POSTS));
    },

    /** One published post's page, or undefined for the 404 (a draft, another widget's post, none). */
    async post(siteKey: string, postId: string, choice: LanguageChoice): Promise<RenderedPage | undefined> {
      if (!PLAUSIBLE_ID.test(postId)) return undefined;
      const view = await viewOf(siteKey, choice);
      const post = view && (await repo.publishedPost(view.widget.id, postId));
      return view && post && renderPostPage(view, post);
    },

    /**
     * The Atom feed, or undefined for the 404. Its links keep its language, asked for or not: a
     * feed reader follows them without the subscriber's Accept-Language.
     */
    async feed(siteKey: string, choice: LanguageChoice): Promise<string | undefined> {
      const kept = {
        language: choice.language,
        asked: choice.asked ?? (choice.language === 'en' ? undefined : choice.language),
      };
      const view = await viewOf(siteKey, kept);
      return view && renderChangelogFeed(view, await repo.published(view.widget.id, MAX_CHANGELOG_POSTS));
    },

    /** The 404 page in the visitor's language. */
    notFound: (choice: LanguageChoice) => renderNotFoundPage(choice, homeOf(publicUrl)),
  };
}

export type ChangelogService = ReturnType<typeof createChangelogService>;
