import { describe, expect, test } from 'vitest';
import type { FeedbackCreatedData, PostPublishedData, WebhookPayload } from '../../../src/shared/api';
import { bodyFor } from './chat-messages';
import type { DiscordMessage } from './discord-message';
import { buildTestPayload, buildWebhookPayload } from './payloads';
import type { SlackBlock, SlackMessage } from './slack-message';

const at = new Date('2026-03-04T05:06:07.000Z');

function feedbackPayload(changes: Partial<FeedbackCreatedData> = {}): WebhookPayload {
  return buildWebhookPayload(
    'feedback.created',
    {
      id: 'f1',
      widgetId: 'w1',
      widgetName: 'Docs',
      message: 'The search box is hard to find.',
      pageUrl: 'https://docs.example/start?tab=1&x=2',
      authorName: 'Ada',
      createdAt: '2026-03-04T05:06:00.000Z',
      url: 'https://tellbox.example/feedback?widget=w1',
      ...changes,
    },
    at,
  );
}

function postPayload(changes: Partial<PostPublishedData> = {}): WebhookPayload {
  return buildWebhookPayload(
    'post.published',
    {
      id: 'p1',
      widgetId: 'w1',
      widgetName: 'Docs',
      title: 'Dark mode is here',
      content: 'Switch it on in the settings.',
      icon: '🚀',
      link: 'https://docs.example/changelog#dark',
      createdAt: '2026-03-04T05:06:00.000Z',
      ...changes,
    },
    at,
  );
}

const slack = (payload: WebhookPayload) => JSON.parse(bodyFor('slack', payload)) as SlackMessage;
const discord = (payload: WebhookPayload) => JSON.parse(bodyFor('discord', payload)) as DiscordMessage;

function slackTexts(message: SlackMessage): string[] {
  return message.blocks.flatMap((block: SlackBlock) =>
    block.type === 'context' ? block.elements.map((element) => element.text) : [block.text.text],
  );
}

describe('generic endpoints', () => {
  test('receive the payload itself as JSON', () => {
    const payload = feedbackPayload();
    expect(JSON.parse(bodyFor('generic', payload))).toEqual(payload);
  });
});

describe('Slack messages', () => {
  test('new feedback: header, the message, who, page, widget and a link to the inbox', () => {
    const message = slack(feedbackPayload());
    expect(message.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'New feedback on Docs' } },
      { type: 'section', text: { type: 'mrkdwn', text: 'The search box is hard to find.' } },
      {
        type: 'context',
        elements: [
          { type: 'mrkdwn', text: '*From:* Ada' },
          { type: 'mrkdwn', text: '*Page:* https://docs.example/start?tab=1&amp;x=2' },
          { type: 'mrkdwn', text: '*Widget:* Docs' },
          { type: 'mrkdwn', text: '<https://tellbox.example/feedback?widget=w1|Open in the Tellbox inbox>' },
        ],
      },
    ]);
    expect(message.text).toBe('New feedback on Docs: The search box is hard to find.');
    expect(message).toMatchObject({ unfurl_links: false, unfurl_media: false });
  });

  test('without an author name there is no From line', () => {
    expect(slackTexts(slack(feedbackPayload({ authorName: null }))).join('\n')).not.toContain('From');
  });

  test('a visitor cannot alert the channel or dress up a link', () => {
    const message = slack(
      feedbackPayload({
        message: '<!channel> <!here> @everyone click <http://evil.example|your invoice>',
        authorName: '<@U123>',
        pageUrl: 'https://docs.example/|<!channel>',
      }),
    );
    const texts = [message.text, ...slackTexts(message)];
    for (const text of texts) expect(text).not.toMatch(/<!|<@|<http:\/\/evil|(?<!@\u200B)everyone/);
    expect(message.blocks[1]).toEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: '&lt;!channel&gt; &lt;!here&gt; @\u200Beveryone click &lt;http://evil.example|your invoice&gt;',
      },
    });
  });

  test('texts are cut to Block Kit limits with an ellipsis', () => {
    const message = slack(feedbackPayload({ message: '&'.repeat(5000), widgetName: 'W'.repeat(300) }));
    const [header, section] = message.blocks;
    expect(header?.type === 'header' && header.text.text).toMatch(/^New feedback on W+…$/);
    expect(header?.type === 'header' && header.text.text.length).toBe(150);
    expect(section?.type === 'section' && section.text.text.length).toBeLessThanOrEqual(3000);
    expect(section?.type === 'section' && section.text.text.endsWith('&amp;…')).toBe(true);
    for (const text of [message.text, ...slackTexts(message)]) expect(text.length).toBeLessThanOrEqual(3000);
  });

  test('the test event says so', () => {
    const message = slack(buildTestPayload(at, 'https://tellbox.example'));
    expect(message.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'Test event from Tellbox' },
    });
    expect(slackTexts(message)).toContain('<https://tellbox.example/feedback|Open in the Tellbox inbox>');
  });

  test('a published post: icon and title, its text, its widget and its link', () => {
    const message = slack(postPayload());
    expect(message.text).toBe('New post on Docs: Dark mode is here');
    expect(slackTexts(message)).toEqual([
      '🚀 Dark mode is here',
      'Switch it on in the settings.',
      '*Widget:* Docs',
      '<https://docs.example/changelog#dark|Read the post>',
    ]);
  });

  test('a post link that is not http(s) is left out', () => {
    expect(slackTexts(slack(postPayload({ link: 'javascript:alert(1)' })))).toEqual([
      '🚀 Dark mode is here',
      'Switch it on in the settings.',
      '*Widget:* Docs',
    ]);
  });
});

describe('Discord messages', () => {
  test('new feedback: one teal embed linking to the inbox, and no mention parsed', () => {
    const message = discord(feedbackPayload());
    expect(message).toEqual({
      embeds: [
        {
          title: 'New feedback on Docs',
          description: 'The search box is hard to find.',
          url: 'https://tellbox.example/feedback?widget=w1',
          color: 0x0f766e,
          timestamp: '2026-03-04T05:06:00.000Z',
          fields: [
            { name: 'From', value: 'Ada', inline: true },
            { name: 'Widget', value: 'Docs', inline: true },
            { name: 'Page', value: 'https://docs.example/start?tab=1&x=2', inline: false },
          ],
          footer: { text: 'Tellbox' },
        },
      ],
      allowed_mentions: { parse: [] },
    });
  });

  test('a visitor cannot mention anyone or make a masked link', () => {
    const [embed] = discord(
      feedbackPayload({
        message: '@everyone @here <@123> <@&456> <#789> [Click](https://evil.example)',
        authorName: '[Support](https://evil.example)',
      }),
    ).embeds;
    expect(embed.description).toBe(
      '@\u200Beveryone @\u200Bhere \\<@123\\> \\<@&456\\> \\<\\#789\\> \\[Click\\]\\(https://evil.example\\)',
    );
    expect(embed.fields[0]).toEqual({ name: 'From', value: '\\[Support\\]\\(https://evil.example\\)', inline: true });
  });

  test('texts are cut to Discord limits, and the whole embed stays under 6000 characters', () => {
    const [embed] = discord(
      feedbackPayload({
        message: 'x'.repeat(5000),
        widgetName: 'W'.repeat(300),
        authorName: '*'.repeat(1000),
        pageUrl: `https://docs.example/${'p'.repeat(2048)}`,
      }),
    ).embeds;
    expect(embed.title.length).toBeLessThanOrEqual(256);
    expect(embed.description.length).toBeLessThanOrEqual(4096);
    expect(embed.description.endsWith('x…')).toBe(true);
    for (const { value } of embed.fields) expect(value.length).toBeLessThanOrEqual(1024);
    const total =
      embed.title.length +
      embed.description.length +
      embed.footer.text.length +
      embed.fields.reduce((sum, { name, value }) => sum + name.length + value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
  });

  test('a published post links to its link, when it is http(s)', () => {
    const [embed] = discord(postPayload()).embeds;
    expect(embed).toMatchObject({
      title: '🚀 Dark mode is here',
      description: 'Switch it on in the settings.',
      url: 'https://docs.example/changelog#dark',
      fields: [{ name: 'Widget', value: 'Docs', inline: true }],
    });
    expect(discord(postPayload({ link: 'javascript:alert(1)' })).embeds[0]).not.toHaveProperty('url');
  });

  test('the test event says so', () => {
    expect(discord(buildTestPayload(at)).embeds[0].title).toBe('Test event from Tellbox');
  });
});
