import {
  LEGAL_LAST_UPDATED,
  LegalPage,
  SupportLink,
  type LegalSection,
} from '../components/legal-page';

const sections: LegalSection[] = [
  {
    id: 'eligible',
    title: 'When a refund is possible',
    body: (
      <p>
        We offer a refund only if the product you bought is{' '}
        <strong>discontinued within 48 hours of your purchase</strong>. In that case you can choose
        a full refund or a different Stellar product of equal value.
      </p>
    ),
  },
  {
    id: 'request',
    title: 'How to request a refund',
    body: (
      <p>
        Requests must be made <strong>within 48 hours of purchase</strong> and must give a valid
        reason. Open a ticket from the <SupportLink>Contact Support</SupportLink> page, choose the
        reason Billing Issue and include your transaction ID. Requests made later or without a valid
        reason are declined.
      </p>
    ),
  },
  {
    id: 'delivered',
    title: 'Delivered or used services',
    body: (
      <p>
        Once a subscription or licence key has been delivered or used, it is not refundable, unless
        the product is defective or is not as described. If that happens, contact us and we will
        review your case.
      </p>
    ),
  },
  {
    id: 'chargebacks',
    title: 'Chargebacks',
    body: (
      <>
        <p>Please contact us before disputing a payment with your bank or provider.</p>
        <ul>
          <li>
            An <strong>unjustified chargeback</strong> may lead to the termination of your
            subscriptions and a ban of your account.
          </li>
          <li>
            A <strong>fraudulent chargeback</strong> may also lead to legal action.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about a payment or a refund? <SupportLink>Contact Support</SupportLink>.
      </p>
    ),
  },
];

export function RefundPolicyRoute() {
  return (
    <LegalPage
      title="Refund Policy"
      lastUpdated={LEGAL_LAST_UPDATED}
      intro="Stellar sells digital subscriptions that are delivered at once, so refunds are limited to the cases below."
      sections={sections}
    />
  );
}
