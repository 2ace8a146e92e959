import { useCallback, useEffect, useRef, useState } from 'react';

type TActionState<TData> =
  | { status: 'idle'; data: undefined; error: null }
  | { status: 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: unknown };

type TActionOptions<TData, TInput> = {
  onSuccess?: (data: TData, input: TInput) => void;
  onError?: (error: unknown, input: TInput) => void;
};

const IDLE = { status: 'idle', data: undefined, error: null } as const;

/**
 * One call a dialog makes on a click (create a trial, check an address, open a checkout), with its
 * pending, error and success states. The landing page's dialogs use this rather than the query
 * library's mutations, so the landing page's entry needs no query client. Only the latest call's
 * outcome counts, and nothing is set after the dialog unmounts.
 */
export function useAction<TData, TInput = void>(
  run: (input: TInput) => Promise<TData>,
  options: TActionOptions<TData, TInput> = {},
) {
  const [state, setState] = useState<TActionState<TData>>(IDLE);
  const latest = useRef(0);
  const mounted = useRef(true);
  const callbacks = useRef({ run, options });
  callbacks.current = { run, options };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback((input: TInput) => {
    const call = ++latest.current;
    const isCurrent = () => mounted.current && call === latest.current;
    setState({ status: 'pending', data: undefined, error: null });
    callbacks.current.run(input).then(
      (data) => {
        if (!isCurrent()) return;
        setState({ status: 'success', data, error: null });
        callbacks.current.options.onSuccess?.(data, input);
      },
      (error: unknown) => {
        if (!isCurrent()) return;
        setState({ status: 'error', data: undefined, error });
        callbacks.current.options.onError?.(error, input);
      },
    );
  }, []);

  return {
    mutate,
    data: state.data,
    error: state.error,
    isPending: state.status === 'pending',
    isError: state.status === 'error',
    isSuccess: state.status === 'success',
  };
}
