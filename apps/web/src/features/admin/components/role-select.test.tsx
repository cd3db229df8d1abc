import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { assignableRoles, RoleSelect } from './role-select';

const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('RoleSelect', () => {
  it('hides Admin and Owner from an Admin', () => {
    render(<RoleSelect actorRole="Admin" username="alice" value="Member" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Role of alice' });
    expect(optionsOf(select)).toEqual(['Member', 'Support', 'Reseller']);
  });

  it('offers every role to an Owner', () => {
    render(<RoleSelect actorRole="Owner" username="bob" value="Admin" onChange={() => {}} />);
    const select = screen.getByRole('combobox', { name: 'Role of bob' });
    expect(optionsOf(select)).toEqual(['Member', 'Support', 'Reseller', 'Admin', 'Owner']);
    expect(select).toHaveValue('Admin');
  });

  it('reports the chosen role', async () => {
    const onChange = vi.fn();
    render(<RoleSelect actorRole="Admin" username="alice" value="Member" onChange={onChange} />);
    await userEvent.selectOptions(
      screen.getByRole('combobox', { name: 'Role of alice' }),
      'Reseller',
    );
    expect(onChange).toHaveBeenCalledWith('Reseller');
  });

  it('keeps the current role listed even when the actor could not give it', () => {
    expect(assignableRoles('Admin', 'Admin')).toEqual(['Member', 'Support', 'Reseller', 'Admin']);
    expect(assignableRoles('Support', 'Member')).toEqual(['Member']);
  });
});
