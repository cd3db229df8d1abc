import { canAssignRole, ROLES, type Role } from '@stellar/shared';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/input';

/** The roles `actor` may give (docs/product.md#roles-and-permissions), keeping `current` so the select can show it. */
export function assignableRoles(actor: Role, current: Role): Role[] {
  return ROLES.filter((role) => role === current || canAssignRole(actor, role));
}

interface RoleSelectProps {
  actorRole: Role;
  username: string;
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
}

/** The role dropdown of a user card: only the roles the signed-in staff member may assign. */
export function RoleSelect({ actorRole, username, value, onChange, disabled }: RoleSelectProps) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Label htmlFor={id} className="text-fg-muted">
        Role
      </Label>
      <Select
        id={id}
        aria-label={`Role of ${username}`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as Role)}
        className="h-9 min-w-0 flex-1"
      >
        {assignableRoles(actorRole, value).map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </Select>
    </div>
  );
}
