import message from 'antd/es/message';
import { useEffect } from 'react';
import { bindToastInstance } from '../lib/toast';

/** A message holder inside ConfigProvider, so toasts follow the theme and the reading direction. */
export default function ToastHolder() {
  const [instance, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    bindToastInstance(instance);
  }, [instance]);
  return holder;
}
