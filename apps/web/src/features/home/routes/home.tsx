import { FaqSection } from '../components/faq-section';
import { Hero } from '../components/hero';
import { TeamSection } from '../components/team-section';

export function HomeRoute() {
  return (
    <>
      <title>Stellar · Elevating Roblox Automation</title>
      <Hero />
      <TeamSection />
      <FaqSection />
    </>
  );
}
