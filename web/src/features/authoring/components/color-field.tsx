import { CheckIcon, ColorInput, ColorSwatch, Group, Stack } from '@mantine/core';
import type { ColorInputProps } from '@mantine/core';
import { itemEditorMessages } from '../item-editor.messages';

const texts = itemEditorMessages.skinEditor;

/** The suggested colours under a skin's colour fields, each with a name for screen readers. */
export const SKIN_SWATCHES = Object.keys(texts.swatchNames);

interface ColorFieldProps extends Omit<ColorInputProps, 'value' | 'onChange' | 'swatches'> {
  label: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A hex colour field with a row of suggested colours below it. Mantine's own swatches sit in the
 * picker's popover, unnamed (their label is the hex code) and out of the tab order; these are
 * ordinary buttons named "Primary color: electric cyan (#00d8fb)" that say whether they are chosen.
 */
export function ColorField({ label, value = '', onChange, ...input }: ColorFieldProps) {
  const chosen = value.toLowerCase();
  return (
    <Stack gap={6}>
      <ColorInput
        label={label}
        format="hex"
        value={value}
        onChange={onChange}
        eyeDropperButtonProps={{ 'aria-label': texts.eyeDropper(label), title: texts.eyeDropper(label) }}
        {...input}
      />
      <Group gap={6} role="group" aria-label={texts.swatchGroup(label)}>
        {SKIN_SWATCHES.map((hex) => {
          const name = texts.swatch(label, texts.swatchNames[hex] ?? hex, hex);
          return (
            <ColorSwatch
              key={hex}
              component="button"
              type="button"
              color={hex}
              size={28}
              radius="sm"
              aria-label={name}
              title={name}
              aria-pressed={chosen === hex}
              onClick={() => onChange?.(hex)}
              style={{ cursor: 'pointer' }}
            >
              {chosen === hex ? (
                <CheckIcon size={12} color={hex === '#ffffff' || hex === '#f5c518' ? '#111419' : '#ffffff'} />
              ) : null}
            </ColorSwatch>
          );
        })}
      </Group>
    </Stack>
  );
}
