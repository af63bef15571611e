/**
 * My Medications. Saved
 * medicines show offline; a list never loaded is unknown, never 'No medications found'.
 */
import { useQuery } from '@tanstack/react-query';
import { Pill, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from '../../lib/navigation';
import { Page, PageHeader } from '../../components/layout/page';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { useT } from '../../lib/i18n/language-provider';
import { toast } from '../../components/ui/toast';
import { getMedicationsQueryOptions, useDeleteMedication } from '../../features/medications/api/medications';
import { MedicationCard } from '../../features/medications/components/medication-card';
import { usePendingMarks } from '../../lib/offline/use-outbox';
import { isUnreachable, OfflineFirstTime } from '../../lib/offline/offline-states';

export function Component() {
  const medications = useQuery(getMedicationsQueryOptions());
  const deleteMedication = useDeleteMedication();
  const [search, setSearch] = useState('');
  const pending = usePendingMarks();
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const t = useT();

  const all = medications.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((m) => m.name.toLowerCase().includes(needle)) : all;

  const confirmDelete = async () => {
    const id = pendingDelete;
    setPendingDelete(null);
    if (!id) return;
    try {
      await deleteMedication.mutateAsync({ id, name: all.find((m) => m.id === id)?.name ?? '' });
      toast({ title: t('common.success'), description: t('medications.toast.deleted') });
    } catch (error) {
      toast({
        title: t('common.error'),
        description: error instanceof Error && error.message ? error.message : t('medications.toast.deleteFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Page withNav>
      <PageHeader
        title={t('medications.list.title')}
        subtitle={medications.data ? t('medications.list.active', { count: all.length }) : undefined}
        action={
          <Link
            to="/medications/add"
            aria-label={t('medications.list.add')}
            className={buttonClasses('primary', 'icon') + ' rounded-full'}
          >
            <Plus className="h-6 w-6" aria-hidden />
          </Link>
        }
      />
      <div className="mb-4">
        <Input
          type="search"
          icon={<Search className="h-5 w-5" />}
          wrapPlaceholder
          placeholder={t('medications.list.searchPlaceholder')}
          aria-label={t('medications.list.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {isUnreachable(medications) ? (
        <OfflineFirstTime />
      ) : medications.isPending ? (
        <p className="py-8 text-center text-slate-500">{t('medications.loading')}</p>
      ) : medications.data === undefined ? (
        <p role="alert" className="py-8 text-center text-red-600">
          {t('medications.list.loadFailed')}
        </p>
      ) : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center">
          <Pill className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="font-semibold">{t('medications.list.emptyTitle')}</p>
          <p className="text-sm text-slate-600">{t('medications.list.emptyText')}</p>
          <Link to="/medications/add" className={buttonClasses('primary', 'sm') + ' mt-2'}>
            {t('medications.addMedication')}
          </Link>
        </Card>
      ) : (
        <ul className="space-y-3">
          {shown.map((medication) => (
            <li key={medication.id}>
              <MedicationCard
                medication={medication}
                onDelete={() => setPendingDelete(medication.id)}
                waiting={pending.has(medication.id)}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => (open ? undefined : setPendingDelete(null))}
        title={t('medications.delete.title')}
        description={t('medications.delete.text')}
        confirmLabel={t('medications.delete.confirm')}
        onConfirm={() => void confirmDelete()}
      />
    </Page>
  );
}
