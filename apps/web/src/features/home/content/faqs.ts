/** An FAQ entry. */
export interface Faq {
  question: string;
  answer: string;
}

// Every statement of the spec's FAQ facts is here, in the spec's sense.
export const FAQS: Faq[] = [
  {
    question: 'Is there a free trial?',
    answer:
      'No, there is no free trial. The Basic Plan runs for one week, so it is the cheapest way to try a tool before you commit to a longer plan.',
  },
  {
    question: 'Can I upgrade my plan later?',
    answer:
      'Yes. Upgrades are prorated: you only pay the difference for the time left on your current plan. You can upgrade at any time from your dashboard.',
  },
  {
    question: 'Which payment methods do you accept?',
    answer:
      'Stellar itself accepts cryptocurrency only. Our authorised resellers accept PayPal, credit cards, Robux and more, and give you a licence key to redeem on your dashboard.',
  },
  {
    question: 'Can I cancel my subscription?',
    answer:
      'Yes, you can cancel at any time from your dashboard. After you cancel, no further payments are taken, and you keep access until the end of the period you paid for.',
  },
  {
    question: 'Are updates included?',
    answer:
      'Yes. Every update and new feature released for your product is included in your subscription at no extra cost.',
  },
  {
    question: 'Do you have a reseller program?',
    answer:
      'Yes. Approved resellers buy licence keys from a prepaid balance in the reseller panel and earn a commission on every key they sell. Contact support to apply.',
  },
  {
    question: 'Can I use my licence on another computer?',
    answer:
      'Each licence is bound to the hardware ID (HWID) of the computer that first uses it. When HWID resets are enabled, you can reset it from your dashboard to move to a new machine.',
  },
  {
    question: 'How do I get help?',
    answer:
      'Open a support ticket from the Contact page or talk to us in Chat once you are signed in. Our support team answers every ticket.',
  },
];
