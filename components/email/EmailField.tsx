'use client';

import { TextField, type TextFieldProps } from '@/components/form/TextField';

/**
 * An e-mail address field (the e-mail step's, the requirements analysis's personal info, the
 * portal's invoice): required unless told otherwise (the requirements analysis's may stay blank).
 */
export function EmailField({ required = true, ...props }: Omit<TextFieldProps, 'type' | 'maxLength'>) {
  return <TextField {...props} type="email" maxLength={254} required={required} />;
}
