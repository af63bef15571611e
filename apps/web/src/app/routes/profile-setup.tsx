/**
 * Complete Your Profile (spec §2 Profile setup, §4 Profile creation, §5, §8): every field
 * validated with the contract's schema; the WhatsApp number is sent as `phone`.
 */
import { DEFAULT_COUNTRY, INDIAN_STATES, SEX_OPTIONS } from '@diacare/contract/profile-options';
import type { ProfileSetupInput } from '@diacare/contract/users';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FieldError, Input, Label, Select } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useUpdateUser } from '../../features/users/api/update-user';
import { useAuth } from '../../lib/auth/auth-provider';
import { lazyZodResolver } from '../../lib/lazy-zod-resolver';
import { setFlag } from '../../lib/local-flags';

/** The contract's schema and zod load at the first focus or submit, not with the screen. */
const resolver = lazyZodResolver<ProfileSetupInput>(() =>
  import('@diacare/contract/users').then((module) => module.profileSetupSchema),
);

/** Spec §9: after the profile is created, go to /home after 500 ms. */
const REDIRECT_DELAY_MS = 500;

export function Component() {
  const { status, user } = useAuth();
  const navigate = useNavigate();
  const updateUser = useUpdateUser();
  const warned = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<ProfileSetupInput>({ resolver });

  useEffect(() => {
    if (status === 'signed-out' && !warned.current) {
      warned.current = true;
      toast({ title: 'Please log in', description: 'You need to log in first to create your profile.' });
      navigate('/', { replace: true });
    }
  }, [status, navigate]);

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
        title: 'Authentication Required',
        description: 'Please log in first to complete your profile.',
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
      toast({ title: 'Success!', description: 'Profile created successfully' });
      setTimeout(() => navigate('/home', { replace: true }), REDIRECT_DELAY_MS);
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (message === 'Unauthorized') {
        toast({ title: 'Session Expired', description: 'Please log in again.', variant: 'destructive' });
        navigate('/', { replace: true });
        return;
      }
      toast({
        title: 'Error',
        description: message || 'Failed to create profile. Please try again.',
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
        <h1 className="text-2xl font-bold">Complete Your Profile</h1>
        <p className="mt-1 text-slate-500">Help us personalize your experience</p>
      </header>
      <Card>
        <form onSubmit={onSubmit} onFocus={resolver.preload} noValidate className="space-y-4">
          <div>
            <Label htmlFor="name">Name *</Label>
            <Input autoComplete="name" {...fieldProps('name')} />
            <FieldError id="name-error" message={errors.name?.message} />
          </div>
          <div>
            <Label htmlFor="email">Email *</Label>
            <Input id="email" type="email" value={user?.email ?? ''} disabled readOnly />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor="sex">Sex *</Label>
              <Select defaultValue="" {...fieldProps('sex')}>
                <option value="" disabled>
                  Select
                </option>
                {SEX_OPTIONS.map((sex) => (
                  <option key={sex} value={sex}>
                    {sex[0]!.toUpperCase() + sex.slice(1)}
                  </option>
                ))}
              </Select>
              <FieldError id="sex-error" message={errors.sex?.message} />
            </div>
            <div>
              <Label htmlFor="age">Age *</Label>
              <Input type="number" inputMode="numeric" min={1} max={120} {...fieldProps('age')} />
              <FieldError id="age-error" message={errors.age?.message} />
            </div>
          </div>
          <div>
            <Label htmlFor="whatsapp">WhatsApp Number *</Label>
            <Input type="tel" inputMode="tel" autoComplete="tel" placeholder="9876543210" {...fieldProps('whatsapp')} />
            <FieldError id="whatsapp-error" message={errors.whatsapp?.message} />
          </div>
          <div>
            <Label htmlFor="address">Address *</Label>
            <Input autoComplete="street-address" {...fieldProps('address')} />
            <FieldError id="address-error" message={errors.address?.message} />
          </div>
          <div>
            <Label htmlFor="state">State *</Label>
            <Select defaultValue="" {...fieldProps('state')}>
              <option value="" disabled>
                Select state
              </option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </Select>
            <FieldError id="state-error" message={errors.state?.message} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <Label htmlFor="pincode">Pincode *</Label>
              <Input inputMode="numeric" maxLength={6} autoComplete="postal-code" {...fieldProps('pincode')} />
              <FieldError id="pincode-error" message={errors.pincode?.message} />
            </div>
            <div>
              <Label htmlFor="country">Country</Label>
              <Input id="country" value={DEFAULT_COUNTRY} disabled readOnly />
            </div>
          </div>
          <Button type="submit" className="w-full" disabled={saving}>
            {saving ? 'Saving...' : 'Complete Profile'}
          </Button>
        </form>
      </Card>
    </Page>
  );
}
