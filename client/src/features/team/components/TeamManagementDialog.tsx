// Team Management (docs/decisions/010): an owner lists, adds and removes team members. Never shown to
// a team member (docs/product.md section 2: hidden for team members who have an owner).
import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2, UserPlus, Users } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { ApiError } from "@/lib/api-client";
import { displayName } from "@shared/display-name";
import { teamMemberCreateRequest, type TeamMember, type TeamMemberCreateForm, type TeamMemberCreateRequest } from "@shared/auth";
import { useCurrentUser } from "@/lib/auth";
import { useAddTeamMember, useRemoveTeamMember, useShareLeadSpend, useTeam } from "../api/team";

const EMPTY: TeamMemberCreateForm = { firstName: "", lastName: "", username: "", email: "", password: "", phone: "" };
const FIELDS = ["firstName", "lastName", "username", "email", "phone", "password"] as const;

function AddMemberForm() {
  const add = useAddTeamMember();
  const form = useForm<TeamMemberCreateForm, unknown, TeamMemberCreateRequest>({ resolver: zodResolver(teamMemberCreateRequest), defaultValues: EMPTY });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: (member) => {
        form.reset(EMPTY);
        toast({ title: "Team member added", description: `${displayName(member)} can now sign in as ${member.username}.` });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.errors) for (const f of FIELDS) if (err.errors[f]) form.setError(f, { message: err.errors[f] });
      },
    }),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <h3 className="flex items-center gap-2 font-semibold">
        <UserPlus className="size-4" aria-hidden /> Add a team member
      </h3>
      {add.error && !(add.error instanceof ApiError && add.error.errors) && <Alert variant="destructive">{add.error.message}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" error={errors.firstName?.message} {...form.register("firstName")} />
        <TextField label="Last name" autoComplete="off" error={errors.lastName?.message} {...form.register("lastName")} />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...form.register("email")} />
        <TextField
          label="Mobile"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          hint="Optional: we never sell your team a request from one of its own"
          error={errors.phone?.message}
          {...form.register("phone")}
        />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Username" autoComplete="off" autoCapitalize="none" error={errors.username?.message} {...form.register("username")} />
        <TextField label="Password" type="password" autoComplete="new-password" error={errors.password?.message} {...form.register("password")} />
      </div>
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? "Adding..." : "Add Member"}
      </Button>
    </form>
  );
}

/**
 * The owner's choice whether the team sees what the business spends on leads (docs/decisions/087-lead-spend-private-from-the-team.md):
 * off by default, and the dialog says what members see either way.
 */
function LeadSpendSwitch() {
  const { user } = useCurrentUser();
  const share = useShareLeadSpend();
  const on = share.isPending && share.variables ? share.variables.teamSeesLeadSpend : (user?.teamSeesLeadSpend ?? false);
  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <label className="flex min-h-11 cursor-pointer items-start gap-3">
        <input
          type="checkbox"
          role="switch"
          aria-checked={on}
          className="mt-0.5 size-5 shrink-0"
          data-testid="team-sees-lead-spend"
          checked={on}
          disabled={share.isPending}
          onChange={(e) => share.mutate({ teamSeesLeadSpend: e.target.checked })}
        />
        <span className="font-medium">Team members see lead spend, tax invoices and Insights</span>
      </label>
      <p className="text-sm text-slate-600" data-testid="team-sees-lead-spend-says">
        {on
          ? "On: your team sees what you paid for each lead, our tax invoices and monthly statements, and Insights."
          : "Off: your team works your jobs, quotes and invoices to customers, but does not see what you paid for leads, our tax invoices and statements, or Insights."}
      </p>
      {share.error && <Alert variant="destructive">{share.error.message}</Alert>}
    </div>
  );
}

function MemberList({ members, onRemove }: { members: TeamMember[]; onRemove: (m: TeamMember) => void }) {
  if (members.length === 0) return <p className="rounded-xl bg-slate-50 p-4 text-center text-sm text-slate-600">No team members yet. Add one below.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {members.map((m) => (
        <li key={m.id} className="flex items-center justify-between gap-3 p-3">
          <div className="min-w-0">
            <p className="truncate font-medium">{displayName(m)}</p>
            <p className="truncate text-sm text-slate-500">
              {m.username}
              {m.email && ` · ${m.email}`}
            </p>
          </div>
          <Button variant="ghost" size="sm" className="text-red-600 hover:bg-red-50" onClick={() => onRemove(m)} aria-label={`Remove ${displayName(m)}`}>
            <Trash2 aria-hidden /> Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

export function TeamManagementDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const team = useTeam(open);
  const remove = useRemoveTeamMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast({ title: "Team member removed", description: `${displayName(removing)} can no longer sign in.` }),
      onError: (err) => toast({ variant: "destructive", title: "Error", description: err.message || "Failed to remove team member." }),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Users className="size-5" aria-hidden /> Team Management
          </DialogTitle>
          <DialogDescription>Team members sign in with their own username and work your purchased leads. They cannot buy leads.</DialogDescription>
        </DialogHeader>
        {/* minmax(0, 1fr): a long name or e-mail truncates inside the dialog instead of widening it past the phone (docs/decisions/032). */}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
          {team.isPending ? (
            <div className="flex justify-center p-4">
              <Spinner label="Loading team" />
            </div>
          ) : team.error ? (
            <Alert variant="destructive">{team.error.message}</Alert>
          ) : (
            <MemberList members={team.data ?? []} onRemove={setRemoving} />
          )}
          <LeadSpendSwitch />
          <AddMemberForm />
        </div>
        <ConfirmDialog
          open={removing !== null}
          title="Remove team member?"
          description={removing ? `${displayName(removing)} will be signed out and can no longer sign in.` : ""}
          confirmLabel="Remove"
          destructive
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setRemoving(null)}
        />
      </DialogContent>
    </Dialog>
  );
}
