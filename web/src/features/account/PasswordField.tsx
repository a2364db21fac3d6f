import { useFormField } from '#components/ui/formField';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  autoComplete: 'current-password' | 'new-password';
  testId: string;
}

export function PasswordField({ label, value, onChange, error, autoComplete, testId }: PasswordFieldProps) {
  const { id, inputProps, notes } = useFormField({ hint: null, error, errorTestId: `${testId}-error` });
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        {...inputProps}
        type="password"
        required
        autoComplete={autoComplete}
        data-testid={testId}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {notes}
    </div>
  );
}
