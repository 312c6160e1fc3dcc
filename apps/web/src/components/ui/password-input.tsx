import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { Input, type InputProps } from "./input";

/**
 * A password field with a show/hide toggle. The toggle is named by its content ("Show password"),
 * not by aria-label, so it never competes with the field's own label.
 */
export function PasswordInput({ className, ...props }: Omit<InputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input
        type={visible ? "text" : "password"}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        className={cn("pr-12", className)}
        {...props}
      />
      <button
        type="button"
        aria-pressed={visible}
        onClick={() => setVisible((value) => !value)}
        className="absolute inset-y-1 right-1 grid w-10 place-items-center rounded-lg text-muted transition-colors hover:bg-primary-50 hover:text-ink"
      >
        {visible ? (
          <EyeOff className="size-[1.1rem]" aria-hidden />
        ) : (
          <Eye className="size-[1.1rem]" aria-hidden />
        )}
        <span className="sr-only">Show password</span>
      </button>
    </div>
  );
}
