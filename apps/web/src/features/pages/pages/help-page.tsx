import { HELP_TOPICS } from '@caravan/contracts/constants';
import { useParams } from 'react-router';
import { Article, toPageKey } from '../components/article';
import NotFoundPage from './not-found';

export default function HelpPage() {
  const { topic = '' } = useParams();
  if (!(HELP_TOPICS as readonly string[]).includes(topic)) {
    return <NotFoundPage />;
  }
  return <Article pageKey={toPageKey(topic)} crumbKey="footer.help" />;
}
