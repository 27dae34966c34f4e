import { SubscriptionLinkPage } from '../components/subscription-link-page';

/** /subscription/unsubscribe#<token>: the unsubscribe link of every marketing mail. */
export default function SubscriptionUnsubscribePage() {
  return (
    <SubscriptionLinkPage
      titleKey="routes.subscriptionUnsubscribe"
      introKey="subscriptionPage.unsubscribeIntro"
      actionKey="subscriptionPage.unsubscribeAction"
      apiPath="/subscriptions/unsubscribe"
      doneKey={() => 'subscriptionPage.unsubscribed'}
    />
  );
}
