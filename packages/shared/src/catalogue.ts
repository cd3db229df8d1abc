/** The product catalogue and its prices (docs/product.md#money); the seed writes it, the web may show it. */
export interface CataloguePlan {
  plan: string;
  duration: string;
  durationDays: number;
  price: number;
}
export interface CatalogueProduct {
  _id: string;
  slug: string;
  title: string;
  description: string;
  features: string[];
  pricing: CataloguePlan[];
}

const plans = (week: number, month: number, year: number): CataloguePlan[] => [
  { plan: 'Basic Plan', duration: '1 Week', durationDays: 7, price: week },
  { plan: 'Standard Plan', duration: '1 Month', durationDays: 30, price: month },
  { plan: 'Premium Plan', duration: '1 Year', durationDays: 365, price: year },
];

export const MAIN_PRODUCT_SLUG = 'stellar-launcher';

export const CATALOGUE: CatalogueProduct[] = [
  {
    _id: '64f1a2b3c4d5e6f701234567',
    slug: MAIN_PRODUCT_SLUG,
    title: 'Stellar Launcher',
    description:
      'Launch and manage many Roblox bots at once from one place, with account health handled for you.',
    features: [
      'Simultaneous bot launching',
      'Support for more browser tabs',
      'Automatic detection and replacement of banned accounts',
      'Account reinstatement',
      'Python scripting integration',
      'Central dashboard for every running bot',
    ],
    pricing: plans(7, 25, 150),
  },
  {
    _id: '64f1a2b3c4d5e6f701234568',
    slug: 'clothing-bot',
    title: 'Clothing Bot',
    description:
      'Manage and optimise your Roblox clothing items: upload in bulk, track sales and keep quality high.',
    features: ['Bulk upload', 'Sales analytics', 'Bulk editing', 'AI quality control'],
    pricing: plans(7, 20, 120),
  },
  {
    _id: '64f1a2b3c4d5e6f701234569',
    slug: 'other',
    title: 'Other',
    description: 'A place for the next Stellar tool. Stay tuned.',
    features: ['Early access for members', 'Included in future updates'],
    pricing: plans(7, 20, 50),
  },
];
