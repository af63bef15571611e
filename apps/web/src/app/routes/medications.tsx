/** My Medications (spec §2 Medications, §5 search and delete confirm, §8 delete toasts). */
import { useQuery } from '@tanstack/react-query';
import { Pill, Plus, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page, PageHeader } from '../../components/layout/page';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Input } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { getMedicationsQueryOptions, useDeleteMedication } from '../../features/medications/api/medications';
import { MedicationCard } from '../../features/medications/components/medication-card';

export function Component() {
  const medications = useQuery(getMedicationsQueryOptions());
  const deleteMedication = useDeleteMedication();
  const [search, setSearch] = useState('');
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);

  const all = medications.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? all.filter((m) => m.name.toLowerCase().includes(needle)) : all;

  const confirmDelete = async () => {
    const id = pendingDelete;
    setPendingDelete(null);
    if (!id) return;
    try {
      await deleteMedication.mutateAsync(id);
      toast({ title: 'Success!', description: 'Medication deleted successfully' });
    } catch (error) {
      toast({
        title: 'Error',
        description:
          error instanceof Error && error.message ? error.message : 'Failed to delete medication. Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Page withNav>
      <PageHeader
        title="My Medications"
        subtitle={`${all.length} active`}
        action={
          <Link
            to="/medications/add"
            aria-label="Add medication"
            className={buttonClasses('primary', 'icon') + ' rounded-full'}
          >
            <Plus className="h-6 w-6" aria-hidden />
          </Link>
        }
      />
      <div className="relative mb-4">
        <Search className="pointer-events-none absolute left-3 top-3 h-5 w-5 text-slate-400" aria-hidden />
        <Input
          type="search"
          placeholder="Search medications..."
          aria-label="Search medications"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="pl-10"
        />
      </div>

      {medications.isPending ? (
        <p className="py-8 text-center text-slate-500">Loading medications...</p>
      ) : medications.isError ? (
        <p role="alert" className="py-8 text-center text-red-600">
          Could not load your medications. Pull down or come back to try again.
        </p>
      ) : shown.length === 0 ? (
        <Card className="flex flex-col items-center gap-2 py-10 text-center">
          <Pill className="h-10 w-10 text-slate-300" aria-hidden />
          <p className="font-semibold">No medications found</p>
          <p className="text-sm text-slate-600">Add your first medication</p>
          <Link to="/medications/add" className={buttonClasses('primary', 'sm') + ' mt-2'}>
            Add Medication
          </Link>
        </Card>
      ) : (
        <ul className="space-y-3">
          {shown.map((medication) => (
            <li key={medication.id}>
              <MedicationCard medication={medication} onDelete={() => setPendingDelete(medication.id)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => (open ? undefined : setPendingDelete(null))}
        title="Delete medication"
        description="Are you sure you want to delete this medication?"
        confirmLabel="Delete"
        onConfirm={() => void confirmDelete()}
      />
    </Page>
  );
}
