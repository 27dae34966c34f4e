import { useLocation } from 'react-router';
import { Article, toPageKey } from '../components/article';

export default function PolicyPage() {
  const { pathname } = useLocation();
  return <Article pageKey={toPageKey(pathname.replace(/^\//, ''))} crumbKey="footer.policies" />;
}
