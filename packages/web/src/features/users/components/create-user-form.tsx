import { ROLES, type User } from "@content-studio/contract";
import type { FormEvent } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { SelectField, TextField } from "../../../components/ui/field";
import { NewAccountFields } from "../../../components/ui/new-account-fields";
import { optionsOf, SelectOptions } from "../../../components/ui/options-field";
import { getFieldErrors } from "../../../lib/api-client";
import { formText } from "../../../lib/form";
import { useCreateUser } from "../api/create-user";
import { ROLE_LABELS, toRole } from "./roles";

const FIELDS = ["name", "email", "password", "role"];

interface CreateUserFormProps {
  onCreated: (user: User) => void;
  onCancel: () => void;
}

export function CreateUserForm({ onCreated, onCancel }: CreateUserFormProps) {
  const createUser = useCreateUser();
  const fieldErrors = getFieldErrors(createUser.error);
  const hasFieldError = FIELDS.some((field) => fieldErrors[field]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    createUser.mutate(
      {
        name: formText(form, "name"),
        email: formText(form, "email"),
        password: formText(form, "password"),
        role: toRole(form.get("role")),
      },
      { onSuccess: onCreated },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label="New user"
      className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-5"
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField label="Name" name="name" required maxLength={100} error={fieldErrors.name} />
        <NewAccountFields emailAutoComplete="off" errors={fieldErrors} />
        <SelectField label="Role" name="role" defaultValue="editor" error={fieldErrors.role}>
          <SelectOptions options={optionsOf(ROLES, ROLE_LABELS)} />
        </SelectField>
      </div>
      {createUser.error && !hasFieldError ? (
        <Alert className="mt-4">{createUser.error.message}</Alert>
      ) : null}
      <div className="mt-5 flex gap-3">
        <Button type="submit" disabled={createUser.isPending}>
          {createUser.isPending ? "Creating user..." : "Create user"}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
