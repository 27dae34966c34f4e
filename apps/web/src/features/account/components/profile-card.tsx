import {
  AVATAR_MAX,
  AVATAR_MIN,
  type TSendCodeRequest,
  ZBindEmailRequest,
  ZBindMobileRequest,
  ZChangeUsernameRequest,
  ZSendCodeRequest,
} from '@caravan/contracts';
import { Button, Card, Form, Input, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../components/auth/area-code-select';
import { DEFAULT_AREA_CODE } from '../../../components/auth/default-area-code';
import { AppForm } from '../../../components/ui/app-form';
import { useDialogFocus } from '../../../components/ui/use-dialog-focus';
import { VerificationCodeField } from '../../../components/ui/verification-code-field';
import { api } from '../../../lib/api';
import { asciiDigitsOf } from '../../../lib/ascii-digits';
import { parseFormValues, showSubmitError } from '../../../lib/form';
import { checkMobileField } from '../../../lib/phone-check';
import { revealFirstError } from '../../../lib/reveal-error';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { refreshCurrentUser } from '../api/account-api';
import { UserAvatar } from './user-avatar';

export type TProfileField = 'username' | 'email' | 'mobile';

type TValues = {
  username?: string;
  email?: string;
  areaCode?: string;
  phone?: string;
  code?: string;
  loginPassword?: string;
};

const SCHEMAS = { username: ZChangeUsernameRequest, email: ZBindEmailRequest, mobile: ZBindMobileRequest };
const PATHS = { username: '/account/username', email: '/account/email', mobile: '/account/mobile' };

/**
 * One profile change in a dialog: a new username, or an e-mail or mobile number confirmed by a code. Replacing an
 * e-mail or mobile already bound (`isReplacing`) also asks for the log-in password: a session alone must not move
 * where password resets go.
 */
export function ProfileEditor({
  field,
  onDone,
  isReplacing = false,
}: {
  field: TProfileField;
  onDone: () => void;
  isReplacing?: boolean;
}) {
  const { t } = useTranslation(['account', 'auth', 'services', 'validation', 'common']);
  const [form] = Form.useForm<TValues>();
  const [isBusy, setIsBusy] = useState(false);

  const mobileError = (values: TValues): boolean =>
    field === 'mobile' && !checkMobileField(form, 'phone', values.areaCode, values.phone, t);

  const codeRequestOf = (values: TValues): TSendCodeRequest =>
    field === 'email'
      ? { purpose: 'bindEmail', email: values.email ?? '' }
      : { purpose: 'bindMobile', areaCode: values.areaCode ?? '', phone: values.phone ?? '' };
  const typedValues: TValues = Form.useWatch([], form) ?? {};
  const asksPassword = isReplacing && field !== 'username';

  const buildCodeRequest = (): TSendCodeRequest | null => {
    const values = form.getFieldsValue();
    const request = parseFormValues(form, ZSendCodeRequest, codeRequestOf(values), t);
    return request && !mobileError(values) ? request : null;
  };

  const submit = async () => {
    const values = form.getFieldsValue();
    const body = parseFormValues(form, SCHEMAS[field], values, t);
    if (!body || mobileError(values)) {
      return;
    }
    if (asksPassword && !values.loginPassword) {
      form.setFields([{ name: 'loginPassword', errors: [t('validation:required')] }]);
      revealFirstError(form);
      return;
    }
    setIsBusy(true);
    try {
      await api.put(PATHS[field], body);
      await refreshCurrentUser();
      toast.success(t('common:success.operationSucceeded'));
      onDone();
    } catch (error) {
      showSubmitError(form, error, t);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <AppForm<TValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ areaCode: DEFAULT_AREA_CODE }}
      onFinish={submit}
    >
      {field === 'username' && (
        <Form.Item name="username" label={t('profile.newUsername')} extra={t('profile.usernameRule')}>
          <Input autoComplete="username" maxLength={30} dir="ltr" />
        </Form.Item>
      )}
      {field === 'email' && (
        <Form.Item name="email" label={t('profile.email')}>
          <Input inputMode="email" autoComplete="email" maxLength={64} dir="ltr" />
        </Form.Item>
      )}
      {field === 'mobile' && (
        <Form.Item label={t('profile.mobile')} required>
          <Space.Compact block>
            <Form.Item name="areaCode" noStyle>
              <AreaCodeSelect />
            </Form.Item>
            <Form.Item name="phone" noStyle normalize={asciiDigitsOf}>
              <Input
                inputMode="numeric"
                autoComplete="tel-national"
                maxLength={15}
                dir="ltr"
                aria-label={t('profile.mobile')}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      )}
      {field !== 'username' && (
        <VerificationCodeField
          typedRequest={codeRequestOf(typedValues)}
          buildRequest={buildCodeRequest}
          isMarkedRequired
        />
      )}
      {asksPassword && (
        <Form.Item
          name="loginPassword"
          label={t('profile.loginPassword')}
          extra={t('profile.loginPasswordHint')}
          required
        >
          <Input.Password autoComplete="current-password" maxLength={64} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={isBusy} block>
        {t('common:actions.save')}
      </Button>
    </AppForm>
  );
}

const AVATAR_NUMBERS = Array.from({ length: AVATAR_MAX - AVATAR_MIN + 1 }, (_, i) => AVATAR_MIN + i);

/**
 * The numbered avatars as one radio group (arrow keys move through them, as in any radio group), saved with
 * "Save": saving on each change would have saved the neighbour an arrow key landed on.
 */
export function AvatarPicker({
  name,
  current,
  onDone,
}: {
  name: string;
  current: number;
  onDone: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const [chosen, setChosen] = useState(current);
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    if (chosen === current) {
      onDone();
      return;
    }
    setIsSaving(true);
    try {
      await api.put('/account/avatar', { avatar: chosen });
      await refreshCurrentUser();
      toast.success(t('common:success.operationSucceeded'));
      onDone();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : t('common:errors.generic'));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <>
      <Radio.Group
        className="cv-avatar-picker"
        optionType="button"
        value={chosen}
        onChange={(event) => setChosen(Number(event.target.value))}
        options={AVATAR_NUMBERS.map((avatar) => ({
          value: avatar,
          label: (
            <span className="cv-avatar-picker__option" title={t('profile.avatarOption', { number: avatar })}>
              <UserAvatar avatar={avatar} name={name} size={48} isDecorative />
              <span className="cv-visually-hidden">{t('profile.avatarOption', { number: avatar })}</span>
            </span>
          ),
        }))}
      />
      <Button
        type="primary"
        block
        loading={isSaving}
        onClick={() => void save()}
        style={{ marginBlockStart: 16 }}
      >
        {t('common:actions.save')}
      </Button>
    </>
  );
}

/** The accessible name of each row's button. */
const EDIT_LABEL_KEYS = {
  username: { change: 'profile.changeUsername', bind: 'profile.bindUsername' },
  email: { change: 'profile.changeEmail', bind: 'profile.bindEmail' },
  mobile: { change: 'profile.changeMobile', bind: 'profile.bindMobile' },
} as const satisfies Record<TProfileField, { change: string; bind: string }>;

/** Avatar, username, user code, e-mail and mobile of the account, each changeable from here. */
export function ProfileCard() {
  const { t } = useTranslation(['account', 'common']);
  const { userInfo } = useSession();
  const [editing, setEditing] = useState<TProfileField | null>(null);
  const [isChoosingAvatar, setIsChoosingAvatar] = useState(false);
  const editorFocus = useDialogFocus(editing !== null);
  const avatarFocus = useDialogFocus(isChoosingAvatar);
  if (!userInfo) {
    return null;
  }
  const rows: { field: TProfileField; label: string; value: string | null }[] = [
    { field: 'username', label: t('profile.username'), value: userInfo.username },
    { field: 'email', label: t('profile.email'), value: userInfo.email },
    {
      field: 'mobile',
      label: t('profile.mobile'),
      value: userInfo.phone ? `${userInfo.areaCode ?? ''} ${userInfo.phone}` : null,
    },
  ];
  return (
    <Card title={t('profile.title')} className="cv-profile-card" data-testid="profile-card">
      <dl className="cv-profile-card__list">
        <div>
          <dt>{t('profile.avatar')}</dt>
          <dd className="cv-profile-card__avatar">
            <UserAvatar avatar={userInfo.avatar} name={userInfo.displayName} size={40} isDecorative />
            <span className="cv-visually-hidden">
              {t('profile.avatarOption', { number: userInfo.avatar })}
            </span>
            <Button
              size="small"
              type="link"
              onClick={() => setIsChoosingAvatar(true)}
              data-testid="profile-edit-avatar"
              aria-label={t('profile.changeAvatar')}
            >
              {t('profile.change')}
            </Button>
          </dd>
        </div>
        <div>
          <dt>{t('profile.usercode')}</dt>
          <dd>
            <bdi dir="ltr">{userInfo.usercode}</bdi>
          </dd>
        </div>
        {rows.map((row) => (
          <div key={row.field}>
            <dt>{row.label}</dt>
            <dd>
              {row.value ? (
                <bdi dir="ltr">{row.value}</bdi>
              ) : (
                <span className="cv-muted">{t('profile.notBound')}</span>
              )}{' '}
              <Button
                size="small"
                type="link"
                onClick={() => setEditing(row.field)}
                data-testid={`profile-edit-${row.field}`}
                // Each "Change" names what it changes: a screen reader's list of buttons read "Change" three times.
                aria-label={t(
                  row.value ? EDIT_LABEL_KEYS[row.field].change : EDIT_LABEL_KEYS[row.field].bind,
                )}
              >
                {row.value ? t('profile.change') : t('profile.bind')}
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      <Modal
        open={editing !== null}
        title={editing ? t(`profile.${editing}Title`) : null}
        onCancel={() => setEditing(null)}
        footer={null}
        destroyOnHidden
        {...editorFocus.modalProps}
      >
        {editing && (
          <div {...editorFocus.target}>
            <ProfileEditor
              field={editing}
              isReplacing={Boolean(rows.find((row) => row.field === editing)?.value)}
              onDone={() => setEditing(null)}
            />
          </div>
        )}
      </Modal>
      <Modal
        open={isChoosingAvatar}
        title={t('profile.avatarTitle')}
        onCancel={() => setIsChoosingAvatar(false)}
        footer={null}
        destroyOnHidden
        {...avatarFocus.modalProps}
      >
        <div {...avatarFocus.target}>
          <AvatarPicker
            name={userInfo.displayName}
            current={userInfo.avatar}
            onDone={() => setIsChoosingAvatar(false)}
          />
        </div>
      </Modal>
    </Card>
  );
}
