import type { TSubscriptionConfirmResponse } from '@caravan/contracts';
import { SubscriptionLinkPage } from '../components/subscription-link-page';

function confirmedKey(answer: unknown): string {
  return (answer as TSubscriptionConfirmResponse | undefined)?.result === 'alreadyConfirmed'
    ? 'subscriptionPage.alreadyConfirmed'
    : 'subscriptionPage.confirmed';
}

/** /subscription/confirm#<token>: the link of the double opt-in mail. */
export default function SubscriptionConfirmPage() {
  return (
    <SubscriptionLinkPage
      titleKey="routes.subscriptionConfirm"
      introKey="subscriptionPage.confirmIntro"
      actionKey="subscriptionPage.confirmAction"
      apiPath="/subscriptions/confirm"
      doneKey={confirmedKey}
    />
  );
}
