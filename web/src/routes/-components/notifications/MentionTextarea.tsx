import { Combobox, Text, Textarea, type TextareaProps, useCombobox } from '@mantine/core';
import type { UserSummary } from '@shared/schemas/projects';
import { useRef, useState } from 'react';

/** The `@partial` being typed just before the caret (after a space or at the start), lower-cased. */
const TYPING_MENTION = /(^|\s)@([a-z0-9_.-]*)$/i;
const MOST_SUGGESTIONS = 8;

interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Who may be mentioned: the project's members. */
  people: readonly UserSummary[];
}

/**
 * A textarea that suggests project members after `@` (by login or nickname); arrows choose,
 * Enter or a click writes `@login `. Only members are offered: mentioning anyone else tells nobody.
 */
export function MentionTextarea({ value, onChange, people, onKeyDown, ...props }: MentionTextareaProps) {
  const combobox = useCombobox();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const matches =
    typed === null
      ? []
      : people
          .filter(
            (p) => p.login.toLowerCase().startsWith(typed) || p.nickname.toLowerCase().startsWith(typed),
          )
          .slice(0, MOST_SUGGESTIONS);

  const track = (text: string, caret: number) => {
    const found = TYPING_MENTION.exec(text.slice(0, caret));
    setTyped(found ? found[2]!.toLowerCase() : null);
    setActive(0);
    if (found) combobox.openDropdown();
    else combobox.closeDropdown();
  };

  const pick = (login: string) => {
    const caret = ref.current?.selectionStart ?? value.length;
    const before = value.slice(0, caret).replace(/@([a-z0-9_.-]*)$/i, `@${login} `);
    onChange(before + value.slice(caret));
    setTyped(null);
    combobox.closeDropdown();
    requestAnimationFrame(() => ref.current?.setSelectionRange(before.length, before.length));
  };

  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" width={280}>
      <Combobox.Target withKeyboardNavigation={false}>
        <Textarea
          ref={ref}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            track(event.currentTarget.value, event.currentTarget.selectionStart);
          }}
          onKeyDown={(event) => {
            const choosing = combobox.dropdownOpened && matches.length > 0;
            if (choosing && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
              event.preventDefault();
              const step = event.key === 'ArrowDown' ? 1 : matches.length - 1;
              setActive((active + step) % matches.length);
              return;
            }
            if (choosing && event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              pick(matches[Math.min(active, matches.length - 1)]!.login);
              return;
            }
            if (event.key === 'Escape') combobox.closeDropdown();
            onKeyDown?.(event);
          }}
          onBlur={() => combobox.closeDropdown()}
          {...props}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={matches.length === 0} data-testid="mention-suggestions">
        <Combobox.Options>
          {matches.map((person, i) => (
            <Combobox.Option value={person.login} key={person.userId} selected={i === active}>
              <Text size="sm">
                {person.nickname}{' '}
                <Text span c="dimmed" size="xs">
                  @{person.login}
                </Text>
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
