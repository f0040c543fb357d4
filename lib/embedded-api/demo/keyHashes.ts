/**
 * The demo's access codes as the demo stores them (keys.ts's full-strength scrypt format), hashed
 * once ahead by lib/scripts/demo-key-hashes.ts. The codes are public (docs/operations.md, "Demo
 * data"), so a salt fixed in the source hides nothing it would otherwise hide; what it saves is a
 * scrypt run per code, about 70 ms of a core each, on every demo start and reset: `npm run demo`,
 * each server the journeys start, each test database with the demo rows. keyHashes.test.ts checks every code
 * against its hash; a code without one is hashed at the start, as any key.
 */
export const DEMO_KEY_HASHES: Readonly<Record<string, string>> = {
  BACK4711: 'scrypt$16384$8$1$qYccH/q/wMwLo3j+ZUztvQ==$2/IqgStQp+KJfShcjZGD0zmkCL1iokMhh1LDp+JIyM4=',
  CONFLICT4711: 'scrypt$16384$8$1$RLZMOWqa6XcKiT8jLOGVoA==$SoLQo4u2+jUQmuEjYjnuZu8MOTdJxBZEhsocP3yOMZk=',
  DETAIL4711: 'scrypt$16384$8$1$NoBh51+0CXRkPu02v/TcuA==$uBU9Tj88RNBuV9Bciz51cJQdmE6xxuuICLLfwaGtXcE=',
  DETAILVIEW4711: 'scrypt$16384$8$1$5hEa5REVaxyP/KGLXRYHmA==$fAALY8ecctxCX177GEUUb69lXG8vj79f9JYg7yYLsc8=',
  EARLY4711: 'scrypt$16384$8$1$CYugLi8slicJNtdzgI1bdA==$80GkeLL0sQc+dWjLoVQJ9gPwQM/zhkE6gJG6YxsiEHY=',
  EARLYKEY4711: 'scrypt$16384$8$1$jM5kahavLvTALmdZyIJsQA==$VzuVCfo/2H/8QX8PxNH0MGw6djG+IpLAdT1QauYLMRU=',
  EARLYL4711: 'scrypt$16384$8$1$FvjQ7tsk5x45F8qf6pwwGA==$Jb7cXJ2XozFIGsDEZck3XH019xNB+4y5IH08eg2W788=',
  EARLYQ4711: 'scrypt$16384$8$1$xV5HmkVYtlKTPqNvsZYbEQ==$JUf4L6cStCnca8vlJWOnOPw9tHGbOgsrmNZei5BkJtQ=',
  FFOFF4711: 'scrypt$16384$8$1$ENv97OaqOV9jnRreZaBcUw==$KpmzTktTcF6fsljk3xIX7yc7xAvA3E6MTNWdoRLBJhQ=',
  FFOX4711: 'scrypt$16384$8$1$xQljt+jUItgPDtveNwi7Ng==$57sLY8SNx56fXR8UcdQYRTOEJwDh8+0jNSS7YiuxCFI=',
  FIRST4711: 'scrypt$16384$8$1$KoPh0xep6fnQiZ8uGQR0Bg==$zThbMx/4BKHjYJY6oeqyEB1rkRWgwGavxAzOTdsjhMo=',
  GRID4711: 'scrypt$16384$8$1$yCaltgRUwaLkm6jtY5xlUA==$/Apcj2oKyM9SHvHvjTAVV5ogYYJfDAxjVNpkbKyJvrU=',
  GRIDDETAIL4711: 'scrypt$16384$8$1$it4WQ7hdWtLLVVWhsOaEfg==$BfJHZfINnCo49ixUkRIw8jYwN3ARLfhVD78IzgL92IU=',
  LANG4711: 'scrypt$16384$8$1$xiLRdJte41TjUxIaJolBKA==$qNxdQjUyNvIWE1NsO2hMw4VIcK0wBeF8yh3BEm5aRNk=',
  LANG4712: 'scrypt$16384$8$1$L26/oDGWHwrw7krPTG3mPA==$JHgR2n7792yMAK6My73CZZGqH6yeUzUWykiRY3YaC74=',
  LANGD4711: 'scrypt$16384$8$1$Guxd9tGkFwNjKunL0OCF9A==$gRwMkTppA/ZNifYG83qay4hrMLfFJ6gwjxPP4yphJUs=',
  LAST4711: 'scrypt$16384$8$1$D7dHtpT0rZS2fh1nkOLcbg==$hJ+1gS7YDcl3SoXZwkHa2jPHJIUHDowBaO9A76JbUkk=',
  LEAVE4711: 'scrypt$16384$8$1$B1YCwNEQ5izjqRx1yIAc2Q==$B5mxyRx4oE2ktUs5MVQf4t2r/1pFrtBFtIWkB4OpoAE=',
  LEAVED4711: 'scrypt$16384$8$1$zPgYbLUo8PkE/uhqa1rRJA==$Sa4TsxSqfH7+FQHYoQiXNBxYhKQntPQgHguROVYsoOQ=',
  LOCK4711: 'scrypt$16384$8$1$aYpu6vTywXfaaiTgAmKw+A==$rF1sACnIFhXMWZ0A+7paSrnYQ7utgTz+0zIjGxeZJqw=',
  OFFLINE4711: 'scrypt$16384$8$1$GdS8rnXyiGwzuCUfw1IlgA==$u31CDw+ljseqmgpcQ7xPZ2n86jBcHiqe36XiiLPpm04=',
  OUTER4711: 'scrypt$16384$8$1$HWX64vh9GN7bsfTLlVlROg==$ctcVaZedj19dVcSWJuDqbY6t8F6uftm/OUn16FoHFfk=',
  OUTFC4711: 'scrypt$16384$8$1$P/wseGp2JIuZ7C0J4HfNuw==$4pYSC0y/6AVE4qvNK6QlAbRKrXMFXltWGIgeZ4Skt7Q=',
  OUTLV4711: 'scrypt$16384$8$1$d4Zu81MadI4psdy57icB1Q==$ldhzXZP9tl4FK8Kps9aqWMYq8sSn8cnJ35C3k0NAECU=',
  OUTSE4711: 'scrypt$16384$8$1$pH4gT6BOFhRLS1bzqjMrVw==$PDqdJYKaNzemdvR/7IAiI2cVP0nmrhRCqpMvoJfHS0w=',
  RANK4711: 'scrypt$16384$8$1$XlR0wa0Rk8r4R3fF49TI6A==$j8BDtAB17qBYTeV5EmFu24fk4UgW3aVGxglw06jpy+s=',
  REREG4711: 'scrypt$16384$8$1$4uitVOTri6DUwQdOuFj3bA==$D3PlZUDm3qVoA5Iw04u0aiPc91o8wuV12P6MF5wzlOk=',
  RESUME4711: 'scrypt$16384$8$1$7O+dI9R+hyT4hD0dYB4ufA==$lSGJSf2xpKyzyGInpUlm08qk4IkOGnhNDtwmUrcxCc8=',
  SELF4711: 'scrypt$16384$8$1$T3kjVoc2whwJCRq8rXaIaA==$W74Na3/0szAspJa3oJDMaWhhWZ/hFoZCrjEnxdKm5jk=',
  SLIDE4711: 'scrypt$16384$8$1$Jwss5GRdwgQRK/ykVm7DEw==$ZJcRYTWcW20AP5zpFwbWcdbjSLUSU8em1O1zoMJH6Yo=',
  SLIDEVIEW4711: 'scrypt$16384$8$1$JwyPhUJZ8KTPPDmBpGxhzA==$v9bgf8eTavRNjFDsl8oapD1dG3zE7VQu3EgMCd8cbMY=',
  TABS4711: 'scrypt$16384$8$1$E/ScZrgXsm9+TK/8rjn/Bw==$IBecvwOOHZvQTOyPDgi5DZbzjcY05fB8VmyfQxUdu+Y=',
  TURNS4711: 'scrypt$16384$8$1$6AMPTxDUsOySl7WM5Q9THg==$eO0bPeRcFPAtJqm4nL3X6vlK18D4LJbI2lHvEypQ7Go=',
  TWO4711: 'scrypt$16384$8$1$A8byPYL+FpXokO/MMXtKYw==$0ns53mTsWmQAiAsx5eEYV57ZC+IJTQ+d7Z6iUg1e8TU=',
  TWOLB4711: 'scrypt$16384$8$1$RtucFYESmDis52uOBxZaIA==$3f5lI5EyXRyvPCFOogmYFqydMbcpFvaG88SsFacMH/M=',
  VIEW4711: 'scrypt$16384$8$1$tMvzrlIIq+y92OV5Yn6xbg==$u5/FOPkAzJkus/dNygtyGL8RCLHnAL82k6JBNBP5tXA=',
  VIEWF4711: 'scrypt$16384$8$1$mVupBuRbdlIb5bpQUjd5Kg==$XM7yUI7XEZVfgwzSUDXOuEq6wC5dy9AxKMq/rZsbaSc=',
  WKIT4711: 'scrypt$16384$8$1$TjXOHqSgOcJ3AIUdFH5r5A==$IfjUA86YE3OqytCWVu4x3mPUw0tdk9/28gXf/AmcOU8=',
};
