import { useId } from 'react';
import classes from './segmented-choice.module.css';

export interface SegmentedChoiceProps<Value extends string> {
  data: readonly { value: Value; label: string }[];
  value: Value;
  onChange: (value: Value) => void;
  'aria-labelledby'?: string;
}

/**
 * One of a few choices side by side, as native radio buttons (arrow keys move between them).
 * Looks like Mantine's SegmentedControl, which measures the page to slide its indicator: on a list's
 * first screen that forced a layout while the page was still building.
 */
export function SegmentedChoice<Value extends string>({
  data,
  value,
  onChange,
  'aria-labelledby': labelledBy,
}: SegmentedChoiceProps<Value>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelledBy} className={classes.root}>
      {data.map((choice) => (
        <div key={choice.value}>
          <input
            type="radio"
            className={classes.input}
            id={`${name}-${choice.value}`}
            name={name}
            value={choice.value}
            checked={choice.value === value}
            onChange={() => onChange(choice.value)}
          />
          <label className={classes.label} htmlFor={`${name}-${choice.value}`}>
            {choice.label}
          </label>
        </div>
      ))}
    </div>
  );
}
