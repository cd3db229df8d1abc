import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { YoutubeIcon } from './youtube-icon';

const FOOTER_LINKS = [
  { to: '/tos', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/contact', label: 'Contact' },
] as const;

export const VIDEO_CHANNEL_URL = 'https://www.youtube.com/@stellar';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t border-line bg-surface/60">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
          <Link
            to="/"
            className="flex items-center gap-2 text-base font-bold tracking-tight text-fg"
          >
            <BrandMark className="size-6" />
            Stellar
          </Link>
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {FOOTER_LINKS.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-fg-muted transition-colors hover:text-fg"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-line pt-6 sm:flex-row sm:items-center sm:justify-between">
          {/* The prerendered home page carries its build year; a new year is no hydration error. */}
          <p className="text-sm text-fg-subtle" suppressHydrationWarning>
            © {year} Stellar. All rights reserved.
          </p>
          <a
            href={VIDEO_CHANNEL_URL}
            target="_blank"
            rel="noopener noreferrer"
            aria-label="Stellar on YouTube (opens in a new tab)"
            className="inline-flex size-10 items-center justify-center rounded-lg border border-line text-fg-muted transition-colors hover:border-line-strong hover:text-fg"
          >
            <YoutubeIcon className="size-5" />
          </a>
        </div>
      </div>
    </footer>
  );
}
