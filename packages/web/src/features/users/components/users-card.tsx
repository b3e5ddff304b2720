import { ROLES, type Role, type User, type UserListRow } from "@content-studio/contract";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { StatusBadge } from "../../../components/ui/status-badge";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { DataTable } from "../../../components/ui/data-table";
import { LoadingText } from "../../../components/ui/spinner";
import { useUsers } from "../api/get-users";
import { useUpdateUser } from "../api/update-user";
import { CreateUserForm } from "./create-user-form";
import { ResetPasswordDialog } from "./reset-password-dialog";
import { ROLE_LABELS, toRole } from "./roles";

/** Admin-only: lists accounts, creates them, changes roles and (de)activates them. */
export function UsersCard({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const updateUser = useUpdateUser();
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [rowError, setRowError] = useState<string | null>(null);
  const [resetting, setResetting] = useState<User | null>(null);

  const change = (user: User, data: { role?: Role; active?: boolean }) => {
    setNotice(null);
    setRowError(null);
    updateUser.mutate(
      { id: user.id, data },
      {
        onSuccess: (updated) => {
          if (data.active !== undefined) {
            setNotice(`${updated.name} was ${updated.active ? "reactivated" : "deactivated"}.`);
          } else {
            setNotice(`${updated.name} is now ${ROLE_LABELS[updated.role].toLowerCase()}.`);
          }
        },
        onError: (error) => setRowError(`Could not update ${user.name}: ${error.message}`),
      },
    );
  };

  const busy = (user: User) => updateUser.isPending && updateUser.variables?.id === user.id;

  return (
    <Card
      title="Users"
      description="Create accounts, set each person's role, and deactivate accounts that should no longer sign in."
      actions={
        creating || !users.data?.can.create ? null : (
          <Button
            size="sm"
            onClick={() => {
              setNotice(null);
              setCreating(true);
            }}
          >
            <UserPlus className="size-4" aria-hidden="true" />
            Add user
          </Button>
        )
      }
    >
      {creating ? (
        <CreateUserForm
          onCancel={() => setCreating(false)}
          onCreated={(user) => {
            setCreating(false);
            setNotice(`${user.name} can now sign in as ${ROLE_LABELS[user.role].toLowerCase()}.`);
          }}
        />
      ) : null}
      {notice ? (
        <Alert tone="success" className="mb-4">
          {notice}
        </Alert>
      ) : null}
      {rowError ? <Alert className="mb-4">{rowError}</Alert> : null}

      {users.isPending ? (
        <LoadingText>Loading users...</LoadingText>
      ) : users.isError ? (
        <Alert>{users.error.message}</Alert>
      ) : (
        <DataTable
          rows={users.data.users}
          cellPadding="py-3"
          columns={[
            {
              header: "Name",
              cellClassName: "font-medium whitespace-nowrap",
              cell: (user) => (
                <>
                  <span className={user.active ? "text-slate-900" : "text-slate-500"}>
                    {user.name}
                  </span>
                  {user.id === currentUserId ? (
                    <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600">
                      You
                    </span>
                  ) : null}
                </>
              ),
            },
            {
              header: "Email",
              cellClassName: "whitespace-nowrap text-slate-600",
              cell: (user) => user.email,
            },
            {
              header: "Role",
              cell: (user) => (
                <select
                  aria-label={`Role of ${user.name}`}
                  value={user.role}
                  disabled={!user.can.changeRole || busy(user)}
                  title={
                    !user.can.changeRole && user.id === currentUserId
                      ? "You cannot change your own role."
                      : undefined
                  }
                  onChange={(event) =>
                    change(user, { role: toRole(event.target.value, user.role) })
                  }
                  className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 outline-none focus-visible:border-primary focus-visible:ring-2 focus-visible:ring-primary/30 disabled:bg-slate-50 disabled:text-slate-500"
                >
                  <SelectOptions options={optionsOf(ROLES, ROLE_LABELS)} />
                </select>
              ),
            },
            {
              header: "Status",
              cell: (user) => (
                <StatusBadge tone={user.active ? "green" : "slate"}>
                  {user.active ? "Active" : "Deactivated"}
                </StatusBadge>
              ),
            },
            {
              header: "Actions",
              hideHeader: true,
              align: "right",
              cellClassName: "space-x-2 whitespace-nowrap",
              cell: (user) => (
                <UserActions
                  user={user}
                  busy={busy(user)}
                  onReset={() => setResetting(user)}
                  onActive={(active) => change(user, { active })}
                />
              ),
            },
          ]}
        />
      )}
      {resetting ? (
        <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      ) : null}
    </Card>
  );
}

/** Reset password, and deactivate or reactivate, where the answer's `can` allows. */
function UserActions({
  user,
  busy,
  onReset,
  onActive,
}: {
  user: UserListRow;
  busy: boolean;
  onReset: () => void;
  onActive: (active: boolean) => void;
}) {
  const switchLabel = user.active ? "Deactivate" : "Reactivate";
  return (
    <>
      {!user.can.resetPassword ? null : (
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Reset password of ${user.name}`}
          onClick={onReset}
        >
          Reset password
        </Button>
      )}
      {!user.can.deactivate ? null : (
        <Button
          size="sm"
          variant={user.active ? "danger" : "secondary"}
          disabled={busy}
          aria-label={`${switchLabel} ${user.name}`}
          onClick={() => onActive(!user.active)}
        >
          {switchLabel}
        </Button>
      )}
    </>
  );
}
