import altairImage from '../assets/altair.svg?no-inline';
import lyraImage from '../assets/lyra.svg?no-inline';
import orionImage from '../assets/orion.svg?no-inline';
import vegaImage from '../assets/vega.svg?no-inline';

/** A card of the team section. */
export interface TeamMember {
  name: string;
  role: string[];
  /** The group the member works for. */
  tag: string;
  description: string;
  /** Bundled with the app: no image is fetched from another site. */
  image: string;
  github: string;
  /** False for people who are no longer active. */
  active: boolean;
}

export const TEAM: TeamMember[] = [
  {
    name: 'Orion',
    role: ['Founder'],
    tag: 'Stellar',
    description:
      'Started Stellar and shaped its first tools. No longer active in the project, but the reason it exists.',
    image: orionImage,
    github: 'https://github.com/orion-stellar',
    active: false,
  },
  {
    name: 'Vega',
    role: ['Owner', 'Developer', 'Site Developer', 'Bot Developer', 'Security'],
    tag: 'Stellar',
    description:
      'Runs Stellar day to day, builds the bots and this site, and keeps accounts, licences and payments secure.',
    image: vegaImage,
    github: 'https://github.com/vega-stellar',
    active: true,
  },
  {
    name: 'Altair',
    role: ['Lead Developer'],
    tag: 'Stellar',
    description:
      'Leads development at Stellar: Stellar Launcher, Clothing Bot and the releases that keep them current.',
    image: altairImage,
    github: 'https://github.com/altair-stellar',
    active: true,
  },
  {
    name: 'Lyra',
    role: ['Lead Developer'],
    tag: 'Nebula Labs',
    description:
      'Leads Nebula Labs, our second development group, which builds new tools and integrations for Stellar.',
    image: lyraImage,
    github: 'https://github.com/lyra-nebula',
    active: true,
  },
];
