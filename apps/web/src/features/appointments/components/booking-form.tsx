/**
 * The booking form: type switch, Reason for Visit or Test
 * Name, Doctor Name (doctor only), location, date (not before today), time and notes.
 */
import { NOTES_MAX_LENGTH } from '@diacare/contract/appointment-limits';
import type { AppointmentType } from '@diacare/contract/appointments';
import { useState, type FormEvent } from 'react';
import { Link } from '../../../lib/navigation';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/utils';
import { useT, type TranslateFunction } from '../../../lib/i18n/language-provider';

export interface BookingValues {
  type: AppointmentType;
  title: string;
  doctor: string;
  location: string;
  date: string;
  time: string;
  notes: string;
}

type Errors = Partial<Record<'title' | 'location' | 'date' | 'time', string>>;

/** docs/product.md: Title/Test Name, Location, Date and Time are required; the date is today or later. */
function validate(t: TranslateFunction, values: BookingValues, today: string): Errors {
  const errors: Errors = {};
  const titleLabel = t(values.type === 'doctor' ? 'booking.form.reason' : 'booking.form.testName');
  if (!values.title.trim()) errors.title = t('booking.error.required', { field: titleLabel });
  if (!values.location.trim()) errors.location = t('booking.error.location');
  if (!values.date) errors.date = t('booking.error.date');
  else if (values.date < today) errors.date = t('booking.error.pastDate');
  if (!values.time) errors.time = t('booking.error.time');
  return errors;
}

export function BookingForm({
  initialType,
  today,
  busy,
  onTypeChange,
  onSubmit,
}: {
  initialType: AppointmentType;
  today: string;
  busy: boolean;
  onTypeChange: (type: AppointmentType) => void;
  onSubmit: (values: BookingValues) => void;
}) {
  const t = useT();
  const [values, setValues] = useState<BookingValues>({
    type: initialType,
    title: '',
    doctor: '',
    location: '',
    date: '',
    time: '',
    notes: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (field: keyof BookingValues) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [field]: event.target.value }));
  const doctor = values.type === 'doctor';

  const chooseType = (type: AppointmentType) => {
    setValues((old) => ({ ...old, type }));
    onTypeChange(type);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate(t, values, today);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(values);
  };

  const invalid = (field: keyof Errors) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `${field}-error` } : {};

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div role="radiogroup" aria-labelledby="type-label">
          <p id="type-label" className="mb-1.5 text-sm font-medium text-slate-700">
            {t('booking.form.type')}
          </p>
          <div className="grid grid-cols-fit gap-2">
            {(
              [
                ['doctor', 'booking.form.doctor'],
                ['lab', 'booking.form.lab'],
              ] as const
            ).map(([type, label]) => (
              <button
                key={type}
                type="button"
                role="radio"
                aria-checked={values.type === type}
                onClick={() => chooseType(type)}
                className={cn(
                  'h-11 rounded-xl border text-sm font-semibold',
                  values.type === type
                    ? 'border-primary bg-primary-light text-primary-dark'
                    : 'border-slate-300 bg-white text-slate-700',
                )}
              >
                {t(label)}
              </button>
            ))}
          </div>
        </div>
        <div>
          <Label htmlFor="title">{t(doctor ? 'booking.form.reasonLabel' : 'booking.form.testNameLabel')}</Label>
          <Input
            id="title"
            value={values.title}
            onChange={set('title')}
            wrapPlaceholder
            placeholder={t(doctor ? 'booking.form.reasonPlaceholder' : 'booking.form.testPlaceholder')}
            {...invalid('title')}
          />
          <FieldError id="title-error" message={errors.title} />
        </div>
        {doctor ? (
          <div>
            <Label htmlFor="doctor">{t('booking.form.doctorName')}</Label>
            <Input
              id="doctor"
              value={values.doctor}
              onChange={set('doctor')}
              placeholder={t('booking.form.doctorPlaceholder')}
            />
          </div>
        ) : null}
        <div>
          <Label htmlFor="location">{t(doctor ? 'booking.form.clinic' : 'booking.form.labLocation')}</Label>
          <Input id="location" value={values.location} onChange={set('location')} {...invalid('location')} />
          <FieldError id="location-error" message={errors.location} />
        </div>
        <div className="grid grid-cols-fit gap-3">
          <div>
            <Label htmlFor="date">{t('booking.form.date')}</Label>
            <Input id="date" type="date" min={today} value={values.date} onChange={set('date')} {...invalid('date')} />
            <FieldError id="date-error" message={errors.date} />
          </div>
          <div>
            <Label htmlFor="time">{t('booking.form.time')}</Label>
            <Input id="time" type="time" value={values.time} onChange={set('time')} {...invalid('time')} />
            <FieldError id="time-error" message={errors.time} />
          </div>
        </div>
        <div>
          <Label htmlFor="notes">{t('booking.form.notes')}</Label>
          <Textarea id="notes" rows={3} maxLength={NOTES_MAX_LENGTH} value={values.notes} onChange={set('notes')} />
        </div>
        <div className="button-row gap-3">
          <Link to="/home" className={buttonClasses('outline')}>
            {t('booking.form.cancel')}
          </Link>
          <Button type="submit" disabled={busy}>
            {t(busy ? 'booking.form.booking' : 'booking.form.book')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
