/**
 * The e-mail of one or more notifications: HTML made with React Email's components (rendered on the
 * server, inline styles and tables that mail clients understand) and a plain-text part written
 * beside it. Written with `createElement` (here `h`), since the server runs TypeScript by Node's
 * type stripping, which has no JSX (docs/decisions/0030-e-mail-templates-without-jsx.md).
 */
// Each component from its own package: `@react-email/components` would load them all with Tailwind's
// compiler, Prism and a Markdown parser at start-up (1.3 s and 40 MB here) for eleven components.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { NOTIFICATION_KINDS, type NotificationType, type UnsubscribeKind } from '@redline/shared';
import { type CSSProperties, createElement as h, type ReactNode } from 'react';

export interface EmailedNotification {
  type: NotificationType;
  title: string;
  body: string;
  /** The page it is about, absolute. */
  url: string;
}

/** What one e-mail says, and where its links lead. */
export interface NotificationEmailContent {
  recipientName: string;
  items: EmailedNotification[];
  /** The notification settings page, absolute. */
  settingsUrl: string;
  /** The page that confirms an unsubscribe: from one kind, or from all of them. */
  unsubscribePageUrl(kind: UnsubscribeKind): string;
  /** The one-click unsubscribe (RFC 8058) the mail client POSTs to. */
  oneClickUrl(kind: UnsubscribeKind): string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/** Redline's palette (apps/web/src/index.css), in hex: mail clients do not read oklch. */
const colour = {
  page: '#f4f0ef',
  card: '#ffffff',
  ink: '#201818',
  muted: '#5b5353',
  faint: '#8a8080',
  line: '#e8e3e3',
  red: '#b71920',
  brightRed: '#e0242f',
  carbon: '#161313',
  onCarbon: '#f2efee',
};
const font = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

const style = {
  body: { backgroundColor: colour.page, fontFamily: font, margin: 0, padding: '24px 0' },
  container: { maxWidth: '560px', margin: '0 auto', padding: '0 12px' },
  header: { backgroundColor: colour.carbon, borderRadius: '12px 12px 0 0', padding: '20px 32px' },
  wordmark: {
    color: colour.onCarbon,
    fontSize: '24px',
    lineHeight: '28px',
    fontWeight: 800,
    letterSpacing: '-0.02em',
    margin: 0,
  },
  wordmarkRed: { color: colour.brightRed },
  redBar: { backgroundColor: colour.brightRed, height: '4px', lineHeight: '4px', fontSize: '4px' },
  card: { backgroundColor: colour.card, borderRadius: '0 0 12px 12px', padding: '32px' },
  greeting: { color: colour.muted, fontSize: '15px', lineHeight: '22px', margin: '0 0 8px' },
  heading: { color: colour.ink, fontSize: '22px', lineHeight: '30px', fontWeight: 700, margin: '0 0 12px' },
  item: { padding: '20px 0', borderTop: `1px solid ${colour.line}` },
  firstItem: { padding: '8px 0 20px' },
  title: { color: colour.ink, fontSize: '17px', lineHeight: '24px', fontWeight: 700, margin: '0 0 6px' },
  text: { color: '#3d3535', fontSize: '15px', lineHeight: '23px', margin: '0 0 16px' },
  button: {
    backgroundColor: colour.red,
    borderRadius: '8px',
    color: '#ffffff',
    fontSize: '15px',
    fontWeight: 600,
    padding: '11px 20px',
    textDecoration: 'none',
  },
  footer: { padding: '24px 32px 8px' },
  footerText: { color: colour.faint, fontSize: '12px', lineHeight: '19px', margin: '0 0 8px' },
  footerLink: { color: colour.muted, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>;

const kindLabel = (type: NotificationType) => NOTIFICATION_KINDS[type].label;

/** The kinds of these notifications, each once, in their order. */
function kindsOf(items: EmailedNotification[]): NotificationType[] {
  return [...new Set(items.map((item) => item.type))];
}

function subjectOf(items: EmailedNotification[]): string {
  const [first] = items;
  if (items.length === 1 && first) return first.title;
  return `${items.length} new notifications on Redline`;
}

/** A notification: its title (unless the e-mail's heading says it), its text and a button to its page. */
function NotificationItem({
  item,
  first,
  titled,
}: {
  item: EmailedNotification;
  first: boolean;
  titled: boolean;
}) {
  return h(
    Section,
    { style: first ? style.firstItem : style.item },
    titled ? h(Text, { style: style.title }, item.title) : null,
    h(Text, { style: style.text }, item.body),
    h(Button, { href: item.url, style: style.button }, 'View on Redline'),
  );
}

/** Why the e-mail came, and how to stop it: the settings page and an unsubscribe per kind. */
function Footer({ content, kinds }: { content: NotificationEmailContent; kinds: NotificationType[] }) {
  const link = (kind: UnsubscribeKind, text: string) =>
    h(Link, { key: kind, href: content.unsubscribePageUrl(kind), style: style.footerLink }, text);
  const [only] = kinds;
  const unsubscribe: ReactNode[] =
    kinds.length === 1 && only
      ? [link(only, `Unsubscribe from “${kindLabel(only)}” e-mails`)]
      : [
          'Unsubscribe from ',
          ...kinds.flatMap((kind) => [link(kind, `“${kindLabel(kind)}”`), ', ']),
          link('all', 'all notification e-mails'),
        ];
  return h(
    Section,
    { style: style.footer },
    h(
      Text,
      { style: style.footerText },
      `You received this e-mail because ${kindList(kinds)} e-mails are on in your Redline notification settings.`,
    ),
    h(
      Text,
      { style: style.footerText },
      h(Link, { href: content.settingsUrl, style: style.footerLink }, 'Manage your notification settings'),
    ),
    h(Text, { style: style.footerText }, ...unsubscribe),
    h(Text, { style: style.footerText }, 'Redline Motors · Test drives and cars from verified sellers'),
  );
}

/** “Price drop” and “New message” */
function kindList(kinds: NotificationType[]): string {
  const quoted = kinds.map((kind) => `“${kindLabel(kind)}”`);
  return quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : (quoted[0] ?? '');
}

function NotificationEmail({ content }: { content: NotificationEmailContent }) {
  const { items } = content;
  const kinds = kindsOf(items);
  const many = items.length > 1;
  return h(
    Html,
    { lang: 'en' },
    h(Head, null, h('meta', { name: 'color-scheme', content: 'light' })),
    h(Preview, null, items[0]?.body ?? ''),
    h(
      Body,
      { style: style.body },
      h(
        Container,
        { style: style.container },
        h(
          Section,
          { style: style.header },
          h(Text, { style: style.wordmark }, 'Red', h('span', { style: style.wordmarkRed }, 'line')),
        ),
        h(Section, { style: style.redBar }, ' '),
        h(
          Section,
          { style: style.card },
          h(Text, { style: style.greeting }, `Hi ${firstName(content.recipientName)},`),
          h(
            Heading,
            { as: 'h1', style: style.heading },
            many ? `You have ${items.length} new notifications` : (items[0]?.title ?? ''),
          ),
          ...items.map((item, index) =>
            h(NotificationItem, { key: index, item, first: index === 0, titled: many }),
          ),
        ),
        h(Footer, { content, kinds }),
      ),
    ),
  );
}

/** "Sam" of "Sam Seller": how the e-mail greets its reader. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function plainText(content: NotificationEmailContent, kinds: NotificationType[]): string {
  const lines = [`Hi ${firstName(content.recipientName)},`, ''];
  for (const item of content.items) lines.push(item.title, item.body, `View on Redline: ${item.url}`, '');
  lines.push(
    '—',
    `You received this e-mail because ${kindList(kinds)} e-mails are on in your Redline notification settings.`,
    `Manage your notification settings: ${content.settingsUrl}`,
  );
  for (const kind of kinds)
    lines.push(`Unsubscribe from “${kindLabel(kind)}” e-mails: ${content.unsubscribePageUrl(kind)}`);
  if (kinds.length > 1)
    lines.push(`Unsubscribe from all notification e-mails: ${content.unsubscribePageUrl('all')}`);
  return `${lines.join('\n')}\n`;
}

/**
 * The e-mail of these notifications (one or several, of one kind or several), with the headers of a
 * one-click unsubscribe (RFC 8058) from its kind, or from every kind when it tells of several.
 */
export async function renderNotificationEmail(content: NotificationEmailContent): Promise<RenderedEmail> {
  const kinds = kindsOf(content.items);
  const [only] = kinds;
  const oneClick = content.oneClickUrl(kinds.length === 1 && only ? only : 'all');
  return {
    subject: subjectOf(content.items),
    html: await render(h(NotificationEmail, { content })),
    text: plainText(content, kinds),
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Auto-Submitted': 'auto-generated',
    },
  };
}
