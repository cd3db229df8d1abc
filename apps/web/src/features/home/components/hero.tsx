import { ArrowRight, ChevronDown, MessagesSquare } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { DISCORD_INVITE_URL } from '@/lib/external-links';
import { scrollToSection } from './scroll-to-section';

export const LEARN_MORE_ID = 'learn-more';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate flex min-h-[calc(100dvh-4rem)] items-center overflow-hidden"
    >
      <HeroBackdrop />
      <div className="mx-auto flex w-full max-w-4xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-line-strong bg-surface-raised/70 px-4 py-1.5 text-xs font-medium tracking-wide text-fg-muted sm:text-sm">
          <span
            aria-hidden="true"
            className="size-1.5 rounded-full bg-accent-text shadow-[0_0_10px_2px] shadow-accent-text/60"
          />
          Stellar Launcher · Clothing Bot
        </p>
        <h1
          id="hero-title"
          className="text-4xl font-extrabold tracking-tight text-balance text-fg sm:text-6xl lg:text-7xl"
        >
          Welcome to{' '}
          <span className="bg-gradient-to-r from-[#c4b5fd] via-[#a78bfa] to-[#818cf8] bg-clip-text text-transparent">
            Stellar
          </span>
        </h1>
        <p className="mt-5 text-xl font-semibold text-accent-text sm:text-2xl">
          Elevating Roblox Automation
        </p>
        <p className="mt-5 max-w-2xl text-base text-pretty text-fg-muted sm:text-lg">
          Launch and manage bots at scale, run your clothing store on autopilot, and get answers
          from the people who build the tools.
        </p>
        <div className="mt-10 flex w-full flex-col items-stretch justify-center gap-3 sm:w-auto sm:flex-row sm:items-center">
          <Button size="lg" onClick={() => scrollToSection(LEARN_MORE_ID)}>
            Learn More
            <ArrowRight aria-hidden="true" className="size-5" />
          </Button>
          <a
            href={DISCORD_INVITE_URL}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <MessagesSquare aria-hidden="true" className="size-5" />
            Join Discord
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
      <button
        type="button"
        onClick={() => scrollToSection(LEARN_MORE_ID)}
        aria-label="Scroll down to the team"
        className="absolute bottom-6 left-1/2 inline-flex size-11 -translate-x-1/2 items-center justify-center rounded-full border border-line text-fg-muted transition-colors hover:border-line-strong hover:text-fg"
      >
        <ChevronDown aria-hidden="true" className="size-6 animate-float" />
      </button>
    </section>
  );
}

/** Soft violet and indigo glows over a faint grid; purely decorative. */
function HeroBackdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.035)_1px,transparent_1px)] bg-[size:56px_56px] [mask-image:radial-gradient(ellipse_at_center,black_30%,transparent_75%)]" />
      <div className="absolute top-[-10%] left-1/2 h-[32rem] w-[48rem] max-w-[140vw] -translate-x-1/2 rounded-full bg-accent/25 blur-[120px]" />
      <div className="absolute right-[-10%] bottom-[-10%] h-[24rem] w-[36rem] max-w-[120vw] rounded-full bg-indigo/15 blur-[120px]" />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-canvas" />
    </div>
  );
}
