/**
 * Complete Your Profile: every field
 * validated with the contract's schema; the WhatsApp number is sent as `phone`.
 */
import { AGE_RANGE, DEFAULT_COUNTRY, INDIAN_STATES, SEX_OPTIONS } from '@diacare/contract/profile-options';
import type { ProfileSetupInput } from '@diacare/contract/users';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { syncCareMember } from '../../features/care/api/patients';
import { useUpdateUser } from '../../features/profile/api/profile';
import { useAuth } from '../../lib/auth/auth-provider';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { fieldMessage } from '../../lib/i18n/field-error';
import { useT } from '../../lib/i18n/language-provider';
import { SEX_LABELS, STATE_LABELS } from '../../features/profile/utils/profile-labels';
import { readFlag, setFlag } from '../../lib/local-flags';
import { Link } from '../../lib/navigation';

/** The contract's schema and zod load at the first focus or submit, not with the screen. */
const resolver = lazyZodResolver<ProfileSetupInput>(() =>
  import('@diacare/contract/users').then((module) => module.profileSetupSchema),
);

/** The schema's whole-sentence messages (contract users.ts) and their catalog ids. */

/** docs/product.md: after the profile is created, go to /home after 500 ms. */
const REDIRECT_DELAY_MS = 500;

export function Component() {
  const { status, user } = useAuth();
  const [, navigate] = useLocation();
  // The first save waits for the server (profile setup gates the app), not the outbox.
  const updateUser = useUpdateUser({ queued: false });
  const warned = useRef(false);
  const t = useT();
  // Someone who joined a circle on another device (this one signed in before) is a caregiver too:
  // ask the server once, so they are never held here (decision 076).
  const [careMember, setCareMember] = useState(() => readFlag('careMember'));
  useEffect(() => {
    if (careMember) return;
    syncCareMember()
      .then((follows) => setCareMember(follows))
      .catch(() => undefined);
  }, [careMember]);
  /** A field's error in the active language: the schema's sentence, or a rule after `label`. */
  const errorText = (message: string | undefined, label: string) => fieldMessage(t, label, message);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileSetupInput>({ resolver });

  useEffect(() => {
    if (status === 'signed-out' && !warned.current) {
      warned.current = true;
      toast({ title: t('profile-setup.toast.logIn'), description: t('profile-setup.toast.logInText') });
      navigate('/', { replace: true });
    }
  }, [status, navigate, t]);

  useEffect(() => {
    if (user) {
      reset((values) => ({
        ...values,
        name: values.name || user.name || '',
        whatsapp: values.whatsapp || user.phone || '',
        age: values.age || (user.age ? String(user.age) : ''),
        address: values.address || user.address || '',
        pincode: values.pincode || user.pincode || '',
        ...(user.sex && !values.sex ? { sex: user.sex } : {}),
        ...(user.state && !values.state ? { state: user.state as ProfileSetupInput['state'] } : {}),
      }));
    }
  }, [user, reset]);

  const onSubmit = handleSubmit(async (values) => {
    if (!user) {
      toast({
        title: t('profile-setup.toast.authRequired'),
        description: t('profile-setup.toast.authRequiredText'),
        variant: 'destructive',
      });
      navigate('/', { replace: true });
      return;
    }
    try {
      await updateUser.mutateAsync({
        name: values.name,
        phone: values.whatsapp,
        sex: values.sex,
        age: Number.parseInt(values.age, 10),
        address: values.address,
        state: values.state,
        country: DEFAULT_COUNTRY,
        pincode: values.pincode,
      });
      setFlag('profileCompleted', true);
      toast({ title: t('common.success'), description: t('profile-setup.toast.created') });
      setTimeout(() => navigate('/home', { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message === 'Unauthorized') {
        toast({
          title: t('profile-setup.toast.expired'),
          description: t('profile-setup.toast.expiredText'),
          variant: 'destructive',
        });
        navigate('/', { replace: true });
        return;
      }
      toast({
        title: t('common.error'),
        description: message || t('profile-setup.toast.failed'),
        variant: 'destructive',
      });
    }
  });

  const saving = updateUser.isPending || updateUser.isSuccess;
  const fieldProps = (name: keyof ProfileSetupInput) => ({
    id: name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${name}-error` : undefined,
    ...register(name),
  });

  return (
    <Page>
      <header className="mb-5 pt-4 text-center">
        <h1 className="text-title font-bold">{t('profile-setup.title')}</h1>
        <p className="mt-1 text-slate-500">{t('profile-setup.subtitle')}</p>
        {/* A caregiver came here to start tracking their own health, and may change their mind. */}
        {careMember ? (
          <Link
            to="/home"
            className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-primary-dark underline"
          >
            {t('profile-setup.notNow')}
          </Link>
        ) : null}
      </header>
      <Card>
        <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
          <div>
            <Label htmlFor="name">{t('profile-setup.name')} *</Label>
            <Input autoComplete="name" {...fieldProps('name')} />
            <FieldError id="name-error" message={errorText(errors.name?.message, t('profile-setup.name'))} />
          </div>
          <div>
            <Label htmlFor="email">{t('profile-setup.email')} *</Label>
            <Input id="email" type="email" value={user?.email ?? ''} disabled readOnly />
          </div>
          <div className="grid grid-cols-fit gap-3">
            <div>
              <Label htmlFor="sex">{t('profile-setup.sex')} *</Label>
              <Select defaultValue="" {...fieldProps('sex')}>
                <option value="" disabled>
                  {t('profile-setup.select')}
                </option>
                {SEX_OPTIONS.map((sex) => (
                  <option key={sex} value={sex}>
                    {t(SEX_LABELS[sex])}
                  </option>
                ))}
              </Select>
              <FieldError id="sex-error" message={errorText(errors.sex?.message, t('profile-setup.sex'))} />
            </div>
            <div>
              <Label htmlFor="age">{t('profile-setup.age')} *</Label>
              <Input type="number" inputMode="numeric" min={AGE_RANGE.min} max={AGE_RANGE.max} {...fieldProps('age')} />
              <FieldError id="age-error" message={errorText(errors.age?.message, t('profile-setup.age'))} />
            </div>
          </div>
          <div>
            <Label htmlFor="whatsapp">{t('profile-setup.whatsapp')} *</Label>
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="9876543210" {...fieldProps('whatsapp')} />
            <FieldError
              id="whatsapp-error"
              message={errorText(errors.whatsapp?.message, t('profile-setup.whatsapp'))}
            />
          </div>
          <div>
            <Label htmlFor="address">{t('profile-setup.address')} *</Label>
            <Input autoComplete="street-address" {...fieldProps('address')} />
            <FieldError id="address-error" message={errorText(errors.address?.message, t('profile-setup.address'))} />
          </div>
          <div>
            <Label htmlFor="state">{t('profile-setup.state')} *</Label>
            {/* Its type stops growing at 7 % of the screen's width, and the chosen state or
                union territory wraps (select-wraps) at 200 % text (decision 034). */}
            <Select defaultValue="" className="select-wraps text-[length:min(1rem,7vw)]" {...fieldProps('state')}>
              <option value="" disabled>
                {t('profile-setup.selectState')}
              </option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {t(STATE_LABELS[state])}
                </option>
              ))}
            </Select>
            <FieldError id="state-error" message={errorText(errors.state?.message, t('profile-setup.state'))} />
          </div>
          <div className="grid grid-cols-fit gap-3">
            <div>
              <Label htmlFor="pincode">{t('profile-setup.pincode')} *</Label>
              <Input inputMode="numeric" maxLength={6} autoComplete="postal-code" {...fieldProps('pincode')} />
              <FieldError id="pincode-error" message={errorText(errors.pincode?.message, t('profile-setup.pincode'))} />
            </div>
            <div>
              <Label htmlFor="country">{t('profile-setup.country')}</Label>
              <Input id="country" value={t('profile-setup.india')} disabled readOnly />
            </div>
          </div>
          <Button type="submit" className="w-full" disabled={saving}>
            {saving ? t('common.saving') : t('profile-setup.submit')}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
