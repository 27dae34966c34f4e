import type { TAccountType } from '@caravan/contracts';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { AppForm } from '../ui/app-form';
import { AccountField } from './account-fields';
import { AccountTypeTabs } from './account-type-tabs';
import { DEFAULT_AREA_CODE } from './default-area-code';

/**
 * The account part of log-in, registration and password recovery: the username / e-mail / mobile tabs and the form
 * they steer, which starts with the account field of the chosen kind (the rest of the form is `children`). A new tab
 * empties the account typed, which belonged to the other kind.
 */
export function AccountForm({
  form,
  accountType,
  onAccountTypeChange,
  onFinish,
  children,
}: {
  form: FormInstance;
  accountType: TAccountType;
  onAccountTypeChange: (type: TAccountType) => void;
  onFinish: () => Promise<void>;
  children: ReactNode;
}) {
  return (
    <>
      <AccountTypeTabs
        value={accountType}
        onChange={(type) => {
          onAccountTypeChange(type);
          form.resetFields(['account']);
        }}
      />
      <AppForm
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ areaCode: DEFAULT_AREA_CODE }}
        onFinish={onFinish}
      >
        <AccountField accountType={accountType} />
        {children}
      </AppForm>
    </>
  );
}
